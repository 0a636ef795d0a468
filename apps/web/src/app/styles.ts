/**
 * Mantine styles, per component instead of the whole `styles.css` (≈39 kB gzip) so only what the
 * app uses ships. Order matters: the global layers, then components other components build on,
 * then the rest. Rules of equal weight follow the last file, so a component's own sheet comes after
 * the sheets of what it is built from (Anchor after Text, or Text's `text-decoration: none` takes
 * the underline off every link). Using a new Mantine component? Add its file here (styles.test.ts
 * checks both the files and their order).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';

import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Rating.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/ThemeIcon.css';
import './phone.css';
import './print.css';
