import './styles/mantine-rest.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { replayHeldModals } from './overlays-demand';

/**
 * The toasts' container, the modals host and every stylesheet the first screen does not need: a chunk of
 * their own, mounted once something needs it (./overlays-demand.ts), so neither wraps the pages. `notifications.show` keeps its toasts
 * in a store until the container mounts, and `modals.open…` reaches the host through window events.
 */
export default function Overlays() {
  const { t } = useTranslation();
  return (
    <>
      <Notifications position="top-right" />
      {/* Modals opened through `modals.open…` get a translated name on their close button (axe button-name). */}
      <ModalsProvider modalProps={{ closeButtonProps: { 'aria-label': t('common.close') } }}>{null}</ModalsProvider>
      {/* Attached after the host's own layout effects (its window listeners) ran: the modals asked for before the
          overlays mounted open now, once (./overlays-demand.ts). */}
      <span hidden ref={replayHeldModals} />
    </>
  );
}
