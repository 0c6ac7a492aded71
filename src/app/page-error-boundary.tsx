import { Component, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DemoResetButton } from '@/components/status-page';
import { ChunkLoadError } from './lazy-page';
import { useHideLoadingOverlay } from './loading-overlay';

function PageErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // On a first load that fails, the boot overlay would otherwise cover this message.
  useHideLoadingOverlay('error');
  const isChunk = error instanceof ChunkLoadError;
  const title = isChunk ? t('common.chunkErrorTitle') : t('common.unexpectedErrorTitle');
  const text = isChunk
    ? error.reason === 'timeout'
      ? t('common.chunkTimeoutText')
      : t('common.chunkErrorText')
    : t('common.unexpectedErrorText');
  return (
    <Center mih={320} role="alert">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text ta="center" c="dimmed">
          {text}
        </Text>
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
        <DemoResetButton />
      </Stack>
    </Center>
  );
}

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a shown error. */
  resetKey: string;
}
interface State {
  error: unknown;
  resetKey: string;
}

/** Catches a failed lazy chunk or a render error of a page and offers a reload instead of a blank page. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <PageErrorView error={this.state.error} /> : this.props.children;
  }
}
