import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { ProcessRule } from '@machines/domain/types';
import { BulkReport, ConfirmModal, ListEmpty, ListError, listSelectors, RelativeTime, SETTLED_TABLE_VARS } from '@/components/data-list';
import { DiscardChangesModal, FormActions, FormConflict, FormSaveError } from '@/components/form-drawer';
import { versionTag } from '@/lib/conflicts';
import { useErrorText } from '../hooks/use-process-monitor';
import { toRuleValues, useProcessRules } from '../hooks/use-process-rules';
import { useCharacterCounter, useFieldErrorText } from '@/lib/field-error-text';
import { PROCESS_RULE_TEXT_RULES } from './rule-schema';

/** The fields a conflict compares, in the form's order. */
const RULE_FIELDS = ['pattern', 'action', 'enabled', 'comment'] as const;

/** The unit's process rules: list, create/edit in a modal, enable/disable, delete with undo. */
export function ProcessRulesPanel({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { list, editor } = useProcessRules(unitId);
  const items = useSelector(list, (s) => s.context.items);
  const hidden = useSelector(list, (s) => s.context.hidden);
  const isFailed = useSelector(list, listSelectors.isFailed);
  const isEmpty = useSelector(list, listSelectors.isEmpty);
  const isFirstLoad = useSelector(list, listSelectors.isFirstLoad);
  const listError = useSelector(list, (s) => s.context.error);
  const canToggle = useSelector(list, (s) => s.matches({ data: 'loaded' }));

  const formOpen = useSelector(editor, (s) => s.hasTag('open'));
  const mode = useSelector(editor, (s) => s.context.mode);
  const values = useSelector(editor, (s) => s.context.values);
  const fieldErrors = useSelector(editor, (s) => s.context.fieldErrors);
  const saveError = useSelector(editor, (s) => s.context.saveError);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const confirmingDiscard = useSelector(editor, (s) => s.matches({ form: 'confirmingDiscard' }));
  const deleteCandidate = useSelector(editor, (s) => s.context.deleteCandidate);
  const confirmingDelete = useSelector(editor, (s) => s.matches({ deletion: 'confirming' }));
  const conflictState = useSelector(editor, (s) => (s.matches({ form: 'conflict' }) ? s.context.conflict : null));

  const ruleErrorText = useFieldErrorText('processes', 'ruleErrors');
  const counter = useCharacterCounter();
  const rows = items.filter((r) => !hidden.includes(r.id));
  const fieldError = (field: 'pattern' | 'comment') =>
    ruleErrorText(fieldErrors[field], { label: t(`processes.ruleFields.${field}`), max: PROCESS_RULE_TEXT_RULES[field].max });
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const toggle = (rule: ProcessRule) => {
    list.send({ type: 'list.select.set', ids: [rule.id] });
    list.send({ type: 'list.bulk', action: rule.enabled ? 'disable' : 'enable' });
  };
  const openEdit = (rule: ProcessRule) =>
    editor.send({ type: 'editor.open.edit', id: rule.id, values: toRuleValues(rule), version: versionTag(rule) });
  const conflict = conflictState && {
    changedBy: conflictState.changedBy,
    changedAt: conflictState.changedAt,
    fields: RULE_FIELDS.filter((key) => conflictState.theirs[key] !== values[key]).map((key) => ({
      key,
      label: t(`processes.ruleFields.${key}`),
      theirs: conflictState.theirs[key],
      mine: values[key],
    })),
    takeTheirs: () => editor.send({ type: 'editor.conflict.takeTheirs' }),
    keepMine: () => editor.send({ type: 'editor.conflict.keepMine' }),
    cancel: () => editor.send({ type: 'editor.conflict.cancel' }),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={620}>
          {t('processes.rulesHelp')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => editor.send({ type: 'editor.open.create' })}>
          {t('processes.addRule')}
        </Button>
      </Group>
      <BulkReport list={list} keepsSelection={false} />
      {isFailed ? (
        <ListError onRetry={() => list.send({ type: 'list.refresh' })} message={errorText(listError)} />
      ) : isEmpty || (!isFirstLoad && rows.length === 0) ? (
        <ListEmpty filtered={false} title={t('processes.noRulesTitle')} text={t('processes.noRulesText')} />
      ) : (
        <DataTable<ProcessRule>
          style={SETTLED_TABLE_VARS}
          withTableBorder
          borderRadius="md"
          highlightOnHover
          minHeight={isFirstLoad ? 180 : undefined}
          records={rows}
          fetching={isFirstLoad}
          noRecordsText={t('processes.noRulesTitle')}
          columns={[
            {
              accessor: 'pattern',
              title: t('processes.ruleColumns.pattern'),
              render: (r) => (
                <Text size="sm" ff="monospace">
                  {r.pattern}
                </Text>
              ),
            },
            {
              accessor: 'action',
              title: t('processes.ruleColumns.action'),
              render: (r) => (
                // max-content: a phone squeezes the table and cut the German badge to "ER…"; the table scrolls instead.
                <Badge color={r.action === 'block' ? 'red' : 'teal'} variant="light" miw="max-content">
                  {t(`processes.actions.${r.action}`)}
                </Badge>
              ),
            },
            {
              accessor: 'enabled',
              title: t('processes.ruleColumns.enabled'),
              render: (r) => (
                <Switch
                  checked={r.enabled}
                  disabled={!canToggle}
                  onChange={() => toggle(r)}
                  aria-label={t('processes.toggleRule', { pattern: r.pattern })}
                />
              ),
            },
            {
              accessor: 'comment',
              title: t('processes.ruleColumns.comment'),
              render: (r) => (
                <Text size="sm" c={r.comment ? undefined : 'dimmed'}>
                  {r.comment || '—'}
                </Text>
              ),
            },
            { accessor: 'createdAt', title: t('processes.ruleColumns.created'), render: (r) => <RelativeTime value={r.createdAt} /> },
            {
              accessor: 'actions',
              title: t('processes.columns.actions'),
              textAlign: 'right',
              render: (r) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('common.edit')}>
                    <ActionIcon variant="subtle" aria-label={t('processes.editRule', { pattern: r.pattern })} onClick={() => openEdit(r)}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('common.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('processes.deleteRule', { pattern: r.pattern })}
                      onClick={() => editor.send({ type: 'editor.delete', target: { id: r.id, label: r.pattern } })}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            },
          ]}
        />
      )}

      <Modal
        opened={formOpen && !confirmingDiscard}
        onClose={() => editor.send({ type: 'editor.close' })}
        title={mode === 'edit' ? t('processes.editRuleTitle') : t('processes.addRuleTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            editor.send({ type: 'editor.submit' });
          }}
        >
          <Stack gap="sm">
            {conflict && <FormConflict conflict={conflict} />}
            {saveError !== null && !hasFieldErrors && !conflict && <FormSaveError>{errorText(saveError)}</FormSaveError>}
            <TextInput
              label={t('processes.ruleFields.pattern')}
              description={t('processes.ruleFields.patternHint')}
              required
              value={values.pattern}
              error={fieldError('pattern')}
              onChange={(e) => editor.send({ type: 'editor.change', values: { pattern: e.currentTarget.value } })}
              data-autofocus
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="rule-action-label">
                {t('processes.ruleFields.action')}
              </Text>
              <SegmentedControl
                aria-labelledby="rule-action-label"
                value={values.action}
                onChange={(value) => editor.send({ type: 'editor.change', values: { action: value === 'allow' ? 'allow' : 'block' } })}
                data={[
                  { value: 'block', label: t('processes.actions.block') },
                  { value: 'allow', label: t('processes.actions.allow') },
                ]}
              />
            </Stack>
            <Switch
              label={t('processes.ruleFields.enabled')}
              checked={values.enabled}
              onChange={(e) => editor.send({ type: 'editor.change', values: { enabled: e.currentTarget.checked } })}
            />
            <Textarea
              label={t('processes.ruleFields.comment')}
              description={counter(values.comment, PROCESS_RULE_TEXT_RULES.comment.max)}
              value={values.comment}
              error={fieldError('comment')}
              autosize
              minRows={2}
              onChange={(e) => editor.send({ type: 'editor.change', values: { comment: e.currentTarget.value } })}
            />
            <FormActions onCancel={() => editor.send({ type: 'editor.close' })} busy={busy} submitLabel={t('common.save')} />
          </Stack>
        </form>
      </Modal>

      <DiscardChangesModal
        opened={confirmingDiscard}
        onConfirm={() => editor.send({ type: 'editor.discard.confirm' })}
        onCancel={() => editor.send({ type: 'editor.discard.cancel' })}
      />
      <ConfirmModal
        opened={confirmingDelete}
        title={t('data-list.confirmDeleteTitle', { label: deleteCandidate?.label ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        onConfirm={() => editor.send({ type: 'editor.delete.confirm' })}
        onCancel={() => editor.send({ type: 'editor.delete.cancel' })}
      >
        {t('data-list.confirmDeleteText')}
      </ConfirmModal>
    </Stack>
  );
}
