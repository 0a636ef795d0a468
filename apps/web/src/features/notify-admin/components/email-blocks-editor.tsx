import { EMAIL_BLOCK_ALIGNMENTS, type TEmailBlock } from '@forecourt/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { move } from '../workflow-form';

const ALIGN_LABELS = { left: 'Left', center: 'Center', right: 'Right' } as const;

/**
 * An email body authored as blocks: text and buttons, each aligned left, center or right, in
 * order. The preview beside the editor shows the email-safe HTML the server makes of them.
 */
export function EmailBlocksEditor({
  label,
  blocks,
  onChange,
}: {
  label: string;
  blocks: TEmailBlock[];
  onChange: (blocks: TEmailBlock[]) => void;
}) {
  const change = (index: number, patch: Partial<TEmailBlock>) =>
    onChange(blocks.map((block, b) => (b === index ? { ...block, ...patch } : block)));
  const add = (type: TEmailBlock['type']) =>
    onChange([
      ...blocks,
      type === 'button'
        ? { type, content: 'Open', url: 'https://', styles: { textAlign: 'center' } }
        : { type, content: '', styles: { textAlign: 'left' } },
    ]);
  return (
    <Stack gap="xs" role="group" aria-label={`${label} email blocks`}>
      {blocks.map((block, index) => {
        const name = `${label} block ${index + 1}`;
        return (
          // Blocks have no ids: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Paper key={index} withBorder p="xs" radius="sm" aria-label={name} component="fieldset">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <SegmentedControl
                  size="xs"
                  aria-label={`${name} alignment`}
                  data={EMAIL_BLOCK_ALIGNMENTS.map((value) => ({ value, label: ALIGN_LABELS[value] }))}
                  value={block.styles?.textAlign ?? 'left'}
                  onChange={(value) =>
                    change(index, { styles: { textAlign: value as 'left' | 'center' | 'right' } })
                  }
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => onChange(move(blocks, index, -1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${name} down`}
                    disabled={index === blocks.length - 1}
                    onClick={() => onChange(move(blocks, index, 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(blocks.filter((_, b) => b !== index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              {block.type === 'text' ? (
                <Textarea
                  label={`${name} text`}
                  autosize
                  minRows={2}
                  value={block.content}
                  onChange={(event) => change(index, { content: event.currentTarget.value })}
                />
              ) : (
                <Group grow align="flex-start">
                  <TextInput
                    label={`${name} button label`}
                    value={block.content}
                    onChange={(event) => change(index, { content: event.currentTarget.value })}
                  />
                  <TextInput
                    label={`${name} button link`}
                    value={block.url ?? ''}
                    onChange={(event) => change(index, { url: event.currentTarget.value })}
                  />
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => add('text')}
        >
          Add text block
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => add('button')}
        >
          Add button block
        </Button>
      </Group>
    </Stack>
  );
}
