import { useState } from 'react';
import { Alert, Button, Checkbox, Code, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  canExportTest,
  changingFields,
  recordedTestFile,
  recordedTestFileName,
  recordingMermaid,
  recordingScenarioJson,
  stepLabel,
} from '@machines/statecharts/recorded-test';
import type { Recording } from '@machines/statecharts/recording';
import type { LiveActor } from '@/lib/inspection';
import { discardRecording, download, recordedActorSources, recordingActor, recordingOf, startRecording, stopRecording } from '../recording';
import classes from '../statecharts.module.css';
import { stateText } from './live-panel';

/** At most this many rows in the dialog's table (the file holds every step). */
const SHOWN_ROWS = 300;

function StepsTable({ recording }: { recording: Recording }) {
  const { t } = useTranslation();
  // Steps and API calls in the order they happened.
  const rows = [
    ...recording.steps.map((step) => ({ key: `s${step.n}`, at: step.at, order: step.n, step, call: null })),
    ...recording.calls.map((call, i) => ({ key: `c${i}`, at: call.at, order: call.afterStep + 0.5, step: null, call })),
  ]
    .sort((a, b) => a.order - b.order || a.at - b.at)
    .slice(0, SHOWN_ROWS);
  return (
    <div className={classes.log} tabIndex={0} role="region" aria-label={t('statecharts.record.steps')}>
      <Table fz="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('statecharts.record.what')}</Table.Th>
            <Table.Th>{t('statecharts.record.ledTo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) =>
            row.step ? (
              <Table.Tr key={row.key}>
                <Table.Td>{row.step.n}</Table.Td>
                <Table.Td>
                  <Code className={classes.wrap}>{stepLabel(row.step)}</Code>
                </Table.Td>
                <Table.Td>
                  {row.step.to !== undefined ? (
                    <Text size="xs" fw={600}>
                      {t('statecharts.record.childLedTo', {
                        actor: row.step.to,
                        state:
                          row.step.its === null || row.step.its === undefined ? t('statecharts.record.stopped') : stateText(row.step.its),
                      })}
                    </Text>
                  ) : null}
                  {stateText(row.step.state)}
                </Table.Td>
              </Table.Tr>
            ) : row.call ? (
              <Table.Tr key={row.key}>
                <Table.Td />
                <Table.Td>
                  {row.call.method} {row.call.path}
                </Table.Td>
                <Table.Td>{t('statecharts.record.call', { status: row.call.status, ms: row.call.ms })}</Table.Td>
              </Table.Tr>
            ) : null,
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function ExportDialog({ recording, opened, onClose }: { recording: Recording; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fields = changingFields(recording);
  const [name, setName] = useState(`${recording.start.machine}: ${t('statecharts.record.defaultName')}`);
  const [marked, setMarked] = useState<string[]>(fields);
  const exportable = canExportTest(recording);
  const fileName = recordedTestFileName(recording);
  const file = exportable ? recordedTestFile(recording, { name, sources: recordedActorSources(), marked }) : '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('statecharts.record.dialogTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('statecharts.record.place', { file: fileName })}</Text>
        {recording.capped ? (
          <Alert color="yellow" role="status">
            {t('statecharts.record.capped', { count: recording.steps.length })}
          </Alert>
        ) : null}
        {exportable ? (
          <>
            <TextInput label={t('statecharts.record.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            {fields.length > 0 ? (
              <Checkbox.Group
                label={t('statecharts.record.fields')}
                description={t('statecharts.record.fieldsHint')}
                value={marked}
                onChange={setMarked}
              >
                <Group gap="sm" mt={4}>
                  {fields.map((field) => (
                    <Checkbox key={field} value={field} label={field} />
                  ))}
                </Group>
              </Checkbox.Group>
            ) : null}
          </>
        ) : (
          <Alert color="yellow" role="status">
            {t('statecharts.record.cannotExport', { name: recording.start.exportName ?? recording.start.machineId })}
          </Alert>
        )}
        <Title order={3} size="h5">
          {t('statecharts.record.steps')}
        </Title>
        <StepsTable recording={recording} />
        <Group gap="xs">
          {exportable ? (
            <Button onClick={() => download(fileName, file, 'text/typescript')}>
              {t('statecharts.record.download', { file: fileName })}
            </Button>
          ) : null}
          <Button
            variant="default"
            onClick={() => download(`${recording.start.machine}.scenarios.json`, recordingScenarioJson(recording), 'application/json')}
          >
            {t('statecharts.record.scenario')}
          </Button>
          <Button
            variant="default"
            onClick={() => download(`${recording.start.machine}.sequence.mmd`, recordingMermaid(recording), 'text/plain')}
          >
            {t('statecharts.record.mermaid')}
          </Button>
        </Group>
        {exportable ? (
          <>
            <Title order={3} size="h5">
              {t('statecharts.record.preview')}
            </Title>
            <div className={classes.log} tabIndex={0} role="region" aria-label={t('statecharts.record.preview')}>
              <Code block className={classes.payload}>
                {file}
              </Code>
            </div>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}

/** Record / Stop on the chosen actor, what was kept so far, and the export. */
export function RecordPanel({ actor }: { actor: LiveActor | null }) {
  const { t } = useTranslation();
  const snapshot = useSelector(recordingActor(), (s) => s);
  const [exporting, setExporting] = useState(false);
  const recording = recordingOf(snapshot);
  const running = snapshot.matches('recording') || snapshot.matches('full');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('statecharts.record.title')}
      </Title>
      <Group gap="xs">
        {running ? (
          <Button size="compact-sm" color="red" onClick={stopRecording}>
            {t('statecharts.record.stop')}
          </Button>
        ) : (
          <Button size="compact-sm" onClick={() => actor && startRecording(actor)} disabled={!actor}>
            {t('statecharts.record.record')}
          </Button>
        )}
        {snapshot.matches('stopped') ? (
          <>
            <Button size="compact-sm" variant="light" onClick={() => setExporting(true)}>
              {t('statecharts.record.export')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={discardRecording}>
              {t('statecharts.record.discard')}
            </Button>
          </>
        ) : null}
      </Group>
      {!actor && !recording ? <Text size="sm">{t('statecharts.record.chooseActor')}</Text> : null}
      {recording ? (
        <Text size="sm" aria-live="polite">
          {t(running ? 'statecharts.record.recording' : 'statecharts.record.recorded', {
            machine: recording.start.machine,
            steps: recording.steps.length,
            calls: recording.calls.length,
          })}
        </Text>
      ) : null}
      {snapshot.matches('full') ? (
        <Alert color="yellow" role="status">
          {t('statecharts.record.capped', { count: snapshot.context.cap })}
        </Alert>
      ) : null}
      {recording && exporting ? <ExportDialog recording={recording} opened={exporting} onClose={() => setExporting(false)} /> : null}
    </Stack>
  );
}
