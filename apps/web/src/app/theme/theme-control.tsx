import { ActionIcon, Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { fromMantineScheme, isThemePreference, type TThemePreference, toMantineScheme } from './color-scheme';
import { MAP_STYLE_CHOICES, setMapStyleChoice, type TMapStyleChoice, useMapStyleChoice } from './map-style';

const MAP_OPTIONS: Record<TMapStyleChoice, string> = {
  theme: 'Follow theme',
  'forecourt-light': 'Light map',
  'forecourt-dark': 'Dark map',
};

const OPTIONS: { value: TThemePreference; label: string; icon: typeof IconSun }[] = [
  { value: 'system', label: 'System', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
];

/** Header control: a "Theme" button opening a menu of System / Light / Dark radio items. */
export function ThemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const resolved = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const preference = fromMantineScheme(colorScheme);
  const mapChoice = useMapStyleChoice();
  const CurrentIcon = preference === 'system' ? IconDeviceDesktop : resolved === 'dark' ? IconMoon : IconSun;

  const handleChange = (value: string) => {
    if (isThemePreference(value)) setColorScheme(toMantineScheme(value));
  };

  return (
    <Menu position="bottom-end" width={180} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Theme"
          title={`Theme: ${preference}`}
          data-testid="theme-toggle"
        >
          <CurrentIcon size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label="Theme">
        <Menu.Label>Theme</Menu.Label>
        <Menu.RadioGroup value={preference} onChange={handleChange}>
          {OPTIONS.map(({ value, label, icon: Icon }) => (
            <Menu.RadioItem
              key={value}
              value={value}
              closeMenuOnClick
              rightSection={<Icon size={16} stroke={1.6} aria-hidden />}
            >
              {label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Menu.Divider />
        <Menu.Label>Map style</Menu.Label>
        <Menu.RadioGroup
          value={mapChoice}
          onChange={(value) => {
            if ((MAP_STYLE_CHOICES as readonly string[]).includes(value))
              setMapStyleChoice(value as TMapStyleChoice);
          }}
        >
          {MAP_STYLE_CHOICES.map((choice) => (
            <Menu.RadioItem key={choice} value={choice} closeMenuOnClick>
              {MAP_OPTIONS[choice]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
