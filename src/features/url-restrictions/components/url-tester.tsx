import { useState } from 'react';
import { Alert, Badge, Button, Code, Collapse, Group, List, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { urlTesterMachine } from '@machines/url-restrictions/url-tester.machine';
import { UnitPicker, type UnitSource } from '@/components/unit-picker';
import { useUnitPickerText } from './use-unit-picker-text';

type TesterRef = ActorRefFrom<typeof urlTesterMachine>;

/**
 * "Test a URL": which rule decides the URL for the unit right now, and why. The inputs are plain
 * form fields read on submit; the machine holds the request and the answer.
 */
export function UrlTester({
  tester,
  defaultUnit,
  unitSource,
}: {
  tester: TesterRef;
  defaultUnit: string | null;
  /** Where the unit picker searches (the units list by default). */
  unitSource?: UnitSource;
}) {
  const { t } = useTranslation();
  // On a phone "Any unit (rules for all units only)" does not fit a placeholder in German or Portuguese: the short
  // "Any unit" stays in the field and the whole sentence goes under the label, where it wraps.
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false }) === true;
  const pickerText = useUnitPickerText(
    t('url-restrictions.tester.unit'),
    t(phone ? 'url-restrictions.filters.anyUnit' : 'url-restrictions.tester.anyUnit'),
  );
  const [unit, setUnit] = useState<string | null>(defaultUnit);
  const decision = useSelector(tester, (s) => s.context.decision);
  const checking = useSelector(tester, (s) => s.hasTag('busy'));
  const failed = useSelector(tester, (s) => s.matches('failed'));
  const inputError = useSelector(tester, (s) => s.context.inputError);
  const rules = useSelector(tester, (s) => s.context.rules);
  const byId = new Map(rules.map((r) => [r.id, r]));
  // On a phone the tester starts folded under its title: open, it filled the first screen and pushed the rules below it.
  const [unfolded, setUnfolded] = useState(false);
  const title = t('url-restrictions.tester.title');

  // On a wider screen the title stands at the start of the fields' row (one row less above the rules: 8 of them whole at
  // 1280×800); on a phone it is the fold's button above them.
  const heading = (
    <Title order={2} size="h4" id="url-tester-title" lh={phone ? undefined : '36px'} style={{ flexShrink: 0 }}>
      {phone ? (
        <UnstyledButton
          onClick={() => setUnfolded((u) => !u)}
          aria-expanded={unfolded}
          aria-controls="url-tester-body"
          fz="inherit"
          fw="inherit"
          display="flex"
          style={{ alignItems: 'center', gap: 8 }}
        >
          {title}
          <IconChevronDown size={18} aria-hidden style={{ transform: unfolded ? 'rotate(180deg)' : undefined }} />
        </UnstyledButton>
      ) : (
        title
      )}
    </Title>
  );

  return (
    <Paper withBorder radius="md" p={phone ? 'md' : 'sm'} component="section" aria-labelledby="url-tester-title">
      <Stack gap="sm">
        {phone && heading}
        <Collapse expanded={!phone || unfolded} keepMountedMode="display-none" id="url-tester-body">
          <Stack gap="sm">
            {/* noValidate: an empty or malformed URL gets the app's own translated field error, not the browser's. */}
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                const data = new FormData(e.currentTarget);
                tester.send({ type: 'tester.submit', url: String(data.get('url') ?? ''), unitId: unit });
              }}
            >
              <Group align="flex-end" gap="sm" wrap="wrap">
                {!phone && heading}
                <TextInput
                  name="url"
                  label={t('url-restrictions.tester.url')}
                  placeholder="https://example.com/page"
                  withAsterisk
                  aria-required
                  error={
                    inputError
                      ? t(inputError === 'required' ? 'url-restrictions.tester.urlRequired' : 'url-restrictions.tester.invalidUrl')
                      : undefined
                  }
                  onChange={() => tester.send({ type: 'tester.edit' })}
                  miw={210}
                  style={{ flex: 2 }}
                />
                {/* 428 px: the longest placeholder ("Qualquer unidade (só regras para todas as unidades)") whole. */}
                <UnitPicker
                  value={unit}
                  onChange={setUnit}
                  text={pickerText}
                  description={phone ? t('url-restrictions.tester.anyUnit') : undefined}
                  clearable
                  w={{ base: '100%', xs: 428 }}
                  source={unitSource}
                />
                <Button type="submit" loading={checking}>
                  {t('url-restrictions.tester.submit')}
                </Button>
              </Group>
            </form>
            {failed && (
              <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
                {t('url-restrictions.tester.failed')}
              </Alert>
            )}
            {decision && !checking && !inputError && (
              <Stack gap="xs" role="status" aria-live="polite">
                <Group gap="sm">
                  {decision.action === 'block' ? (
                    <IconShieldX color="var(--mantine-color-red-6)" aria-hidden />
                  ) : (
                    <IconShieldCheck color="var(--mantine-color-teal-6)" aria-hidden />
                  )}
                  <Text fw={700} size="lg">
                    {decision.action === 'block' ? t('url-restrictions.tester.blocked') : t('url-restrictions.tester.allowed')}
                  </Text>
                </Group>
                <Text size="sm">{t(`url-restrictions.reason.${decision.reason}`)}</Text>
                {decision.rule && (
                  <Text size="sm">
                    {t('url-restrictions.tester.decidingRule')} <Code>{decision.rule.pattern}</Code>{' '}
                    {/* A span: a Badge's default <div> is not allowed inside this paragraph. */}
                    <Badge component="span" size="sm" variant="light" color={decision.rule.action === 'block' ? 'red' : 'teal'}>
                      {t(`url-restrictions.action.${decision.rule.action}`)}
                    </Badge>{' '}
                    ({t(`url-restrictions.matchType.${decision.rule.matchType}`)}){decision.rule.reason ? ` — ${decision.rule.reason}` : ''}
                  </Text>
                )}
                {decision.blockWonTie && <Text size="sm">{t('url-restrictions.reason.blockWonTie')}</Text>}
                {decision.outcomes.some((o) => o.outcome !== 'noMatch' && o.outcome !== 'matched') && (
                  <>
                    <Text size="sm" fw={600}>
                      {t('url-restrictions.tester.skipped')}
                    </Text>
                    <List size="sm" spacing={2}>
                      {decision.outcomes
                        .filter((o) => o.outcome !== 'noMatch' && o.outcome !== 'matched')
                        .map((o) => (
                          <List.Item key={o.ruleId}>
                            <Code>{byId.get(o.ruleId)?.pattern ?? o.ruleId}</Code> — {t(`url-restrictions.outcome.${o.outcome}`)}
                          </List.Item>
                        ))}
                    </List>
                  </>
                )}
              </Stack>
            )}
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}
