import {
  STATION_AMENITIES,
  type TStationProfileDetail,
  type TStationProfileUpdate,
  WEEKDAYS,
  ZStationProfileUpdate,
} from '@forecourt/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../components/query-states';
import { isApiError } from '../../../lib/http';
import { AMENITY_LABELS, dayInput, parseHours, type TWeekday, WEEKDAY_LABELS } from '../hours';
import { useSaveProfile } from '../queries';

type TPhotoRow = { url: string; caption: string };

/** Admins edit the whole profile; `profile` is undefined when the station has none yet. */
export function ProfileForm({
  slug,
  stationName,
  profile,
  onDone,
}: {
  slug: string;
  stationName: string;
  profile: TStationProfileDetail | undefined;
  onDone: () => void;
}) {
  const save = useSaveProfile(slug);
  const [displayName, setDisplayName] = useState(profile?.displayName ?? stationName);
  const [description, setDescription] = useState(profile?.description ?? '');
  const [amenities, setAmenities] = useState<string[]>(profile?.amenities ?? []);
  const [hoursText, setHoursText] = useState<Record<TWeekday, string>>(
    () =>
      Object.fromEntries(WEEKDAYS.map((day) => [day, dayInput(profile?.hours ?? {}, day)])) as Record<
        TWeekday,
        string
      >,
  );
  const [photos, setPhotos] = useState<TPhotoRow[]>(
    profile?.photos.map((photo) => ({ url: photo.url, caption: photo.caption ?? '' })) ?? [],
  );
  const [phone, setPhone] = useState(profile?.phone ?? '');
  const [email, setEmail] = useState(profile?.email ?? '');
  const [isPublished, setPublished] = useState(profile?.isPublished ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const { hours, errors: hourErrors } = parseHours(hoursText);
    const body: TStationProfileUpdate = {
      displayName,
      description,
      amenities: STATION_AMENITIES.filter((amenity) => amenities.includes(amenity)),
      hours,
      photos: photos
        .filter((photo) => photo.url.trim())
        .map((photo) => ({
          url: photo.url.trim(),
          ...(photo.caption.trim() ? { caption: photo.caption.trim() } : {}),
        })),
      phone: phone.trim() || null,
      email: email.trim() || null,
      isPublished,
      ...(profile ? { expectedUpdatedAt: profile.updatedAt } : {}),
    };
    const parsed = ZStationProfileUpdate.safeParse(body);
    const found: Record<string, string> = Object.fromEntries(
      Object.entries(hourErrors).map(([day, message]) => [`hours.${day}`, message]),
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'photos' ? `photos.${String(issue.path[1])}` : String(issue.path[0]);
        found[key] ??= issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, { onSuccess: onDone });
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      aria-label="Edit profile"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {profile ? 'Edit profile' : 'Create profile'}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Display name"
            required
            value={displayName}
            onChange={(event) => setDisplayName(event.currentTarget.value)}
            error={errors.displayName}
            maxLength={120}
          />
          <Switch
            label="Published (shown to customers)"
            checked={isPublished}
            onChange={(event) => setPublished(event.currentTarget.checked)}
            mt={{ sm: 28 }}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
          rows={3}
          maxLength={2000}
        />
        <Checkbox.Group label="Amenities" value={amenities} onChange={setAmenities} error={errors.amenities}>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" mt={6}>
            {STATION_AMENITIES.map((amenity) => (
              <Checkbox key={amenity} value={amenity} label={AMENITY_LABELS[amenity]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Stack gap={6}>
          <Text fw={500} size="sm">
            Opening hours
          </Text>
          <Text size="xs" c="dimmed">
            Per day: periods like 06:00-22:00 separated by commas, 24h for all day, empty for closed.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            {WEEKDAYS.map((day) => (
              <TextInput
                key={day}
                label={WEEKDAY_LABELS[day]}
                placeholder="Closed"
                value={hoursText[day]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setHoursText((text) => ({ ...text, [day]: value }));
                }}
                error={errors[`hours.${day}`]}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Phone"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={errors.phone}
          />
          <TextInput
            label="Email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Text fw={500} size="sm">
            Photos (web addresses)
          </Text>
          {photos.map((photo, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`Photo ${index + 1} address`}
                placeholder="https://…"
                value={photo.url}
                onChange={(event) => {
                  const url = event.currentTarget.value;
                  setPhotos((rows) => rows.map((row, i) => (i === index ? { ...row, url } : row)));
                }}
                error={errors[`photos.${index}`]}
                style={{ flex: 2 }}
              />
              <TextInput
                aria-label={`Photo ${index + 1} caption`}
                placeholder="Caption"
                value={photo.caption}
                onChange={(event) => {
                  const caption = event.currentTarget.value;
                  setPhotos((rows) => rows.map((row, i) => (i === index ? { ...row, caption } : row)));
                }}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => setPhotos((rows) => rows.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setPhotos((rows) => [...rows, { url: '', caption: '' }])}
              disabled={photos.length >= 12}
            >
              Add photo
            </Button>
          </Group>
        </Stack>
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title="Could not save the profile">
            {isApiError(save.error, 'CONFLICT')
              ? 'Someone else changed this profile since you opened it. Cancel and edit again to see their changes.'
              : describeError(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
