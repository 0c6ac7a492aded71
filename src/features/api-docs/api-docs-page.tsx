import { Fragment, use, useMemo, useState, type ReactNode } from 'react';
import { Accordion, Anchor, Badge, Box, Code, Container, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
// The contract's data (parsed at build time) in a chunk of its own (larger than the page's code), asked for as soon as
// this page's chunk runs; the page suspends until it is in.
const contractData: Promise<unknown> = import('../../../docs/api/openapi.yaml?parsed').then((module) => module.default);
import { filterTags, readContract, type ExampleDoc, type OperationDoc } from './contract';

export const API_DOCS_PATH = '/dev/api';

const slug = (name: string) => `api-tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'grape', DELETE: 'red' };

/** The document's light markdown (`code`, **bold**, paragraphs) as React text: no HTML is ever injected. */
function Rich({ text }: { text: string }) {
  if (!text) return null;
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, p) => (
        <Text key={p} size="sm" mb="xs">
          {paragraph.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, i): ReactNode => {
            if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return <Code key={i}>{part.slice(1, -1)}</Code>;
            if (part.startsWith('**') && part.endsWith('**') && part.length > 3) return <strong key={i}>{part.slice(2, -2)}</strong>;
            return part;
          })}
        </Text>
      ))}
    </>
  );
}

function Block({ children, label }: { children: string; label: string }) {
  return (
    <Code
      block
      aria-label={label}
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 360, overflow: 'auto' }}
      tabIndex={0}
    >
      {children}
    </Code>
  );
}

function OperationPanel({ op }: { op: OperationDoc }) {
  const { t } = useTranslation();
  // A named example shows its summary (e.g. "A plain user (role 4) signs in"), else its name; the default one is "Example".
  const exampleTitle = (example: ExampleDoc) =>
    example.summary || (example.name === 'example' ? t('api-docs.example') : `${t('api-docs.example')}: ${example.name}`);
  return (
    <Stack gap="sm">
      <Rich text={op.description} />
      <Text size="sm">
        <strong>{t('api-docs.auth')}:</strong> {t(`api-docs.authKinds.${op.auth}`)}
      </Text>
      {op.parameters.length > 0 && (
        <Box>
          <Title order={4} size="sm" mb={4}>
            {t('api-docs.parameters')}
          </Title>
          {/* A focusable, named scroll region: a phone scrolls the table sideways by keyboard too. */}
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('api-docs.parameters')}>
            <Table striped withTableBorder fz="sm" miw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('api-docs.columns.name')}</Table.Th>
                  <Table.Th scope="col">{t('api-docs.columns.in')}</Table.Th>
                  <Table.Th scope="col">{t('api-docs.columns.type')}</Table.Th>
                  <Table.Th scope="col">{t('api-docs.columns.description')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {op.parameters.map((p) => (
                  <Table.Tr key={`${p.in}-${p.name}`}>
                    <Table.Td>
                      <Code>{p.name}</Code>
                      {p.required && (
                        <Text span size="xs" c="red.8" ml={4}>
                          {t('api-docs.required')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{p.in}</Table.Td>
                    <Table.Td>
                      <Code>{p.type}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Rich text={p.description} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Box>
      )}
      {op.requestType && (
        <Box>
          <Title order={4} size="sm" mb={4}>
            {t('api-docs.requestBody')}
          </Title>
          <Block label={t('api-docs.requestBody')}>{op.requestType}</Block>
          {op.requestExamples.map((example) => (
            <Fragment key={example.name}>
              <Text size="sm" mt="xs" fw={600}>
                {exampleTitle(example)}
              </Text>
              <Block label={`${t('api-docs.requestBody')}: ${exampleTitle(example)}`}>{JSON.stringify(example.value, null, 2)}</Block>
            </Fragment>
          ))}
        </Box>
      )}
      <Box>
        <Title order={4} size="sm" mb={4}>
          {t('api-docs.responses')}
        </Title>
        <Stack gap="xs">
          {op.responses.map((r) => (
            <Paper key={r.status} withBorder p="xs">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge variant="light" color={r.status.startsWith('2') ? 'green' : r.status.startsWith('4') ? 'orange' : 'red'}>
                  {r.status}
                </Badge>
                <Box style={{ minWidth: 0 }}>
                  <Rich text={r.description} />
                  {r.type ? (
                    <Code>{r.type.includes('\n') ? r.type.split('\n')[0] + ' …' : r.type}</Code>
                  ) : (
                    <Text size="xs">{t('api-docs.noBody')}</Text>
                  )}
                </Box>
              </Group>
              {r.status.startsWith('2') &&
                r.examples.map((example) => (
                  <Box mt="xs" key={example.name}>
                    {r.examples.length > 1 && (
                      <Text size="xs" fw={600} mb={4}>
                        {exampleTitle(example)}
                      </Text>
                    )}
                    <Block label={`${r.status}: ${exampleTitle(example)}`}>{JSON.stringify(example.value, null, 2)}</Block>
                  </Box>
                ))}
            </Paper>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}

/** /dev/api: the API contract (docs/api/openapi.yaml) as a readable reference, in dev builds and demo mode. */
export default function ApiDocsPage() {
  const { t } = useTranslation();
  const data = use(contractData);
  const contract = useMemo(() => readContract(data), [data]);
  const [query, setQuery] = useState('');
  // Only open items render their details: 91 operations and their schemas stay cheap to show and filter.
  const [open, setOpen] = useState<string[]>([]);
  const tags = filterTags(contract.tags, query);
  const count = tags.reduce((n, tag) => n + tag.operations.length, 0);

  return (
    <Container size="lg" py="lg" component="main">
      <Stack gap="md">
        <Anchor component={Link} href="/" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('api-docs.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t('api-docs.title')}</Title>
          <Text size="sm" c="dimmed">
            {contract.title} · {t('api-docs.version', { version: contract.version })}
          </Text>
        </Group>
        <Text size="sm">{t('api-docs.intro')}</Text>
        <Paper withBorder p="md">
          <Rich text={contract.description} />
        </Paper>
        <TextInput
          label={t('api-docs.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          description={t('api-docs.count', { count })}
        />
        {tags.length === 0 && <Text role="status">{t('api-docs.noMatches')}</Text>}
        {tags.map((tag) => (
          <Box component="section" key={tag.name} aria-labelledby={slug(tag.name)}>
            <Title order={2} size="h3" id={slug(tag.name)}>
              {tag.name}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {tag.description}
            </Text>
            <Accordion variant="separated" multiple value={open} onChange={setOpen}>
              {tag.operations.map((op) => (
                <Accordion.Item key={op.id} value={op.id}>
                  <Accordion.Control>
                    <Group gap="sm" wrap="nowrap">
                      <Badge color={METHOD_COLORS[op.method] ?? 'gray'} w={72} variant="filled">
                        {op.method}
                      </Badge>
                      <Box style={{ minWidth: 0 }}>
                        <Code style={{ wordBreak: 'break-all' }}>{op.path}</Code>
                        <Text size="sm">{op.summary}</Text>
                      </Box>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>{open.includes(op.id) && <OperationPanel op={op} />}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Box>
        ))}
        <Box component="section" aria-labelledby="api-schemas">
          <Title order={2} size="h3" id="api-schemas" mb="xs">
            {t('api-docs.schemas')}
          </Title>
          <Accordion variant="separated" multiple value={open} onChange={setOpen}>
            {contract.schemas.map((s) => (
              <Accordion.Item key={s.name} value={`schema:${s.name}`}>
                <Accordion.Control>
                  <Code>{s.name}</Code>
                </Accordion.Control>
                <Accordion.Panel>
                  {open.includes(`schema:${s.name}`) && (
                    <>
                      <Rich text={s.description} />
                      <Block label={s.name}>{s.type}</Block>
                    </>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Box>
      </Stack>
    </Container>
  );
}
