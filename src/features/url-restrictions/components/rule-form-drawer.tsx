import { Chip, Group, Input, SegmentedControl, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { EditorDrawer, FormActions, FormConflict, FormSaveError, useEditorForm } from '@/components/form-drawer';
import { useCharacterCounter } from '@/lib/field-error-text';
import type { ruleEditorMachine } from '../hooks/use-url-restrictions';
import { RULE_TEXT_RULES } from '../schema';
import { UnitMultiPicker } from './unit-multi-picker';

type EditorRef = ActorRefFrom<typeof ruleEditorMachine>;
const WEEK = ['1', '2', '3', '4', '5', '6', '0'];
/** Form fields whose label is another key's (the conflict panel names every field). */
const RULE_FIELD_LABELS: Partial<Record<string, string>> = { scopeKind: 'scope', unitIds: 'units', scheduleKind: 'schedule' };

function RuleForm({ editor }: { editor: EditorRef }) {
  const { t } = useTranslation();
  const counter = useCharacterCounter();
  const { form, mode, failed, formError, hasFieldErrors, conflict, onSubmit, actions } = useEditorForm(
    editor,
    'url-restrictions',
    (field) => ({
      label: t(`url-restrictions.fields.${RULE_FIELD_LABELS[field] ?? field}`),
      max: field in RULE_TEXT_RULES ? RULE_TEXT_RULES[field as keyof typeof RULE_TEXT_RULES].max : undefined,
    }),
  );
  const v = form.values;
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {failed && (
          <FormSaveError>
            {hasFieldErrors ? t('data-list.fixErrors') : (formError ?? t('url-restrictions.errors.saveFailed'))}
          </FormSaveError>
        )}
        {conflict && <FormConflict conflict={conflict} />}
        <Select
          label={t('url-restrictions.fields.matchType')}
          required
          allowDeselect={false}
          data={(['domain', 'exact', 'wildcard', 'regex'] as const).map((m) => ({ value: m, label: t(`url-restrictions.matchType.${m}`) }))}
          {...form.getInputProps('matchType')}
        />
        <TextInput
          label={t('url-restrictions.fields.pattern')}
          description={t(`url-restrictions.patternHint.${v.matchType}`)}
          required
          data-autofocus
          // Only the typed pattern is code: the label, hint and error stay in the interface font.
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('pattern')}
        />
        <Input.Wrapper label={t('url-restrictions.fields.action')} required>
          <SegmentedControl
            fullWidth
            data={[
              { value: 'block', label: t('url-restrictions.action.block') },
              { value: 'allow', label: t('url-restrictions.action.allow') },
            ]}
            {...form.getInputProps('action')}
          />
        </Input.Wrapper>
        <Input.Wrapper label={t('url-restrictions.fields.scope')}>
          <SegmentedControl
            fullWidth
            data={[
              { value: 'all', label: t('url-restrictions.scope.all') },
              { value: 'units', label: t('url-restrictions.scope.chosen') },
            ]}
            {...form.getInputProps('scopeKind')}
          />
        </Input.Wrapper>
        {v.scopeKind === 'units' && (
          <UnitMultiPicker
            label={t('url-restrictions.fields.units')}
            required
            nothingFound={t('url-restrictions.noUnits')}
            loadFailed={t('url-restrictions.unitsLoadFailed')}
            value={v.unitIds}
            onChange={(ids) => form.setFieldValue('unitIds', ids)}
            error={form.errors['unitIds']}
          />
        )}
        <Input.Wrapper label={t('url-restrictions.fields.schedule')}>
          <SegmentedControl
            fullWidth
            data={[
              { value: 'always', label: t('url-restrictions.schedule.always') },
              { value: 'window', label: t('url-restrictions.schedule.timeWindow') },
            ]}
            {...form.getInputProps('scheduleKind')}
          />
        </Input.Wrapper>
        {v.scheduleKind === 'window' && (
          <>
            <Input.Wrapper label={t('url-restrictions.fields.days')} required error={form.errors['days']}>
              <Chip.Group multiple value={v.days} onChange={(days) => form.setFieldValue('days', days)}>
                <Group gap={6} mt={4}>
                  {WEEK.map((d) => (
                    <Chip key={d} value={d} size="xs" aria-label={t(`url-restrictions.days.long.${d}`)}>
                      {t(`url-restrictions.days.short.${d}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Input.Wrapper>
            <Group grow>
              <TextInput type="time" label={t('url-restrictions.fields.from')} required {...form.getInputProps('from')} />
              <TextInput
                type="time"
                label={t('url-restrictions.fields.to')}
                required
                description={t('url-restrictions.fields.toHint')}
                {...form.getInputProps('to')}
              />
            </Group>
          </>
        )}
        <Textarea
          label={t('url-restrictions.fields.reason')}
          description={counter(v.reason, RULE_TEXT_RULES.reason.max)}
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
        <Switch label={t('url-restrictions.fields.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <FormActions mt="sm" {...actions} submitLabel={mode === 'create' ? t('url-restrictions.actions.create') : t('common.save')} />
      </Stack>
    </form>
  );
}

export function RuleFormDrawer({ editor }: { editor: EditorRef }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer editor={editor} titles={{ create: t('url-restrictions.form.createTitle'), edit: t('url-restrictions.form.editTitle') }}>
      <RuleForm editor={editor} />
    </EditorDrawer>
  );
}
