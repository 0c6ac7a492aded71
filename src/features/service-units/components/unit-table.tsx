import { memo, useMemo } from 'react';
import { rem, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  LAZY_KEY,
  lightBadge,
  lookProps,
  ListDataTable,
  RelativeTimeText,
  relativeText,
  TableSettings,
  useLatestHandlers,
  useBadgeLook,
  useLazyFloating,
  useLightLooks,
  useTablePreferences,
  type BadgeLook,
  type CardLayout,
  type ChoosableColumn,
  type ElementLook,
  type LightLooks,
  type ListActorRef,
} from '@/components/data-list';
import type { UnitRow } from '../api/types';
import { StatusBadgeLabel, statusBadgeLook } from './status-badge';
import { rowLabelCache } from '@/lib/row-labels';

export const UNIT_TABLE_KEY = 'service-units';

/**
 * The looks of the table's badges (one `useBadgeLook` each) and of its texts, links, groups and buttons (`useLightLooks`): the
 * cells draw plain elements with them (lightBadge, lookProps) instead of Mantine components per row (issue 46 §3).
 */
interface UnitBadgeLooks {
  status: Record<UnitRow['status'], BadgeLook>;
  tag: BadgeLook;
  moreTags: BadgeLook;
  cells: LightLooks;
}

function useUnitBadgeLooks(): UnitBadgeLooks {
  const online = useBadgeLook(statusBadgeLook('online', 'sm'));
  const offline = useBadgeLook(statusBadgeLook('offline', 'sm'));
  const maintenance = useBadgeLook(statusBadgeLook('maintenance', 'sm'));
  const tag = useBadgeLook({ size: 'sm', variant: 'default', radius: 'sm' });
  const moreTags = useBadgeLook({ size: 'sm', variant: 'light', radius: 'sm' });
  const cells = useLightLooks();
  return useMemo(
    () => ({ status: { online, offline, maintenance }, tag, moreTags, cells }),
    [online, offline, maintenance, tag, moreTags, cells],
  );
}

const TAG_STYLE = { textTransform: 'none', maxWidth: rem(86) } as const;
// The style props the cells' Mantine components had (fw, ta, maw, display; ff; c), as Box puts them inline.
const NAME_STYLE = { fontWeight: 500, textAlign: 'left', maxWidth: '100%', display: 'block' } as const;
const MONOSPACE = { fontFamily: 'var(--mantine-font-family-monospace)' } as const;
const DIMMED = { color: 'var(--mantine-color-dimmed)' } as const;

/** The tags of a row on one line: the first one, then "+n" with every tag in a tooltip. */
function TagList({ tags, labels, looks }: { tags: string[]; labels: RowLabels; looks: UnitBadgeLooks }) {
  const [first, ...rest] = tags;
  if (first === undefined) return null;
  return (
    <div {...lookProps(looks.cells.groupStart)}>
      {lightBadge(looks.tag, first, { style: TAG_STYLE, title: first })}
      {rest.length > 0 && <MoreTags tags={tags} rest={rest} labels={labels} look={looks.moreTags} hidden={looks.cells.visuallyHidden} />}
    </div>
  );
}

/** "+n" with every tag in a tooltip, mounted when the pointer first reaches it (a page of rows mounted one each for nothing). */
const MORE_TAGS_STYLE = { textTransform: 'none', flexShrink: 0 } as const;

function MoreTags({
  tags,
  rest,
  labels,
  look,
  hidden,
}: {
  tags: string[];
  rest: string[];
  labels: RowLabels;
  look: BadgeLook;
  hidden: ElementLook;
}) {
  const { active, ref, handlers } = useLazyFloating<HTMLDivElement>();
  const badge = lightBadge(
    look,
    <>
      <span aria-hidden>+{rest.length}</span>
      <span {...lookProps(hidden)}>
        {labels.moreTags(rest.length)}: {rest.join(', ')}
      </span>
    </>,
    {
      ref,
      style: MORE_TAGS_STYLE,
      tabIndex: 0,
      [LAZY_KEY]: 'tags',
      ...(active ? {} : { onPointerEnter: handlers.onPointerEnter }),
    },
  );
  return active ? <Tooltip label={tags.join(', ')}>{badge}</Tooltip> : badge;
}

/** Edit and delete, their tooltips (hover only) mounted when the pointer first reaches the cell. */
// The labels come from the table (its cells render again when the language changes): no translation hook per row.
function UnitRowActions({
  unit,
  onEdit,
  onDelete,
  labels,
  looks,
}: {
  unit: UnitRow;
  onEdit: (unit: UnitRow) => void;
  onDelete: (unit: UnitRow) => void;
  labels: RowLabels;
  looks: LightLooks;
}) {
  const { active, ref, handlers } = useLazyFloating<HTMLDivElement>();
  const editLabel = labels.edit(unit.name);
  const deleteLabel = labels.remove(unit.name);
  // ActionIcons drawn as the plain buttons they render (useLightLooks).
  const edit = (
    <button type="button" {...lookProps(looks.action.root)} aria-label={editLabel} onClick={() => onEdit(unit)} {...{ [LAZY_KEY]: 'edit' }}>
      <span {...lookProps(looks.action.icon)}>
        <IconEdit size={18} aria-hidden />
      </span>
    </button>
  );
  const remove = (
    <button
      type="button"
      {...lookProps(looks.actionDanger.root)}
      aria-label={deleteLabel}
      onClick={() => onDelete(unit)}
      {...{ [LAZY_KEY]: 'delete' }}
    >
      <span {...lookProps(looks.actionDanger.icon)}>
        <IconTrash size={18} aria-hidden />
      </span>
    </button>
  );
  return (
    <div ref={ref} {...lookProps(looks.groupEnd)} {...(active ? {} : { onPointerEnter: handlers.onPointerEnter })}>
      {active ? <Tooltip label={editLabel}>{edit}</Tooltip> : edit}
      {active ? <Tooltip label={deleteLabel}>{remove}</Tooltip> : remove}
    </div>
  );
}

/** The translations a row uses, looked up once per language (rowLabelCache). */
interface RowLabels {
  t: TFunction;
  status: (status: UnitRow['status']) => string;
  os: (os: UnitRow['operatingSystem']) => string;
  edit: (name: string) => string;
  remove: (name: string) => string;
  /** "n more tags" (the "+n" badge's words for a screen reader), looked up once per count. */
  moreTags: (count: number) => string;
}

function rowLabels(t: TFunction): RowLabels {
  const { label: cached, named } = rowLabelCache(t);
  const moreTags = new Map<number, string>();
  return {
    t,
    status: (status) => cached(`service-units.status.${status}`),
    os: (os) => cached(`service-units.os.${os}`),
    edit: named('service-units.actions.editNamed'),
    remove: named('service-units.actions.deleteNamed'),
    moreTags: (count) => {
      let text = moreTags.get(count);
      if (text === undefined) {
        text = t('data-list.moreTags', { count });
        moreTags.set(count, text);
      }
      return text;
    },
  };
}

export interface UnitRowHandlers {
  onOpen: (unit: UnitRow) => void;
  onEdit: (unit: UnitRow) => void;
  onDelete: (unit: UnitRow) => void;
}

/**
 * The table's columns. At 1280 px, with the menu open, the default set fits on one line per row in every
 * language with the seed's names whole: long host names end in "…" (the full text is the cell's title), tags show one and "+n",
 * the last contact is the short relative time, and titles longer than their column wrap.
 * OS and location are one click away in the column chooser.
 */
export function useUnitColumns(handlers: UnitRowHandlers): { columns: DataTableColumn<UnitRow>[]; choosable: ChoosableColumn[] } {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const looks = useUnitBadgeLooks();
  return useMemo(() => unitColumns(t, language, handlers, looks), [t, language, handlers, looks]);
}

function unitColumns(
  t: TFunction,
  language: string,
  handlers: UnitRowHandlers,
  looks: UnitBadgeLooks,
): { columns: DataTableColumn<UnitRow>[]; choosable: ChoosableColumn[] } {
  const { onOpen, onEdit, onDelete } = handlers;
  const labels = rowLabels(t);
  const { cells } = looks;
  const columns: DataTableColumn<UnitRow>[] = [
    // A small badge: "MAINTENANCE" whole in 128 px (tests/e2e/status-badges.spec.ts), the rest goes to the name.
    {
      accessor: 'status',
      title: t('service-units.columns.status'),
      sortable: true,
      toggleable: true,
      width: 128,
      render: (u) => lightBadge(looks.status[u.status], labels.status(u.status)),
    },
    {
      accessor: 'name',
      title: t('service-units.columns.name'),
      sortable: true,
      toggleable: true,
      // A fixed width: with auto width the longest name (nowrap) set the column, and at 1280 px the table ran
      // under the pinned actions column, hiding the tags. 330 px holds the seed's longest names whole ("Gdańsk Terminal
      // Dispatch Terminal 01", 306 px); longer ones end in an ellipsis with the full name as title. The room comes from
      // the host name, last seen and tags, whose ends matter less.
      width: 330,
      ellipsis: true,
      // An Anchor button, drawn as the plain button it renders.
      render: (u) => (
        <button type="button" {...lookProps(cells.anchor, NAME_STYLE)} data-truncate="end" onClick={() => onOpen(u)} title={u.name}>
          {u.name}
        </button>
      ),
    },
    {
      accessor: 'hostname',
      title: t('service-units.columns.hostname'),
      sortable: true,
      toggleable: true,
      // What the checkbox, status, name, last seen, tags and actions leave at 1280 px (the widths add up to the table's 966 px):
      // in the small monospace a host's own name ("gdn-dispatch-01") nearly whole, the domain after it ends in "…", the full
      // name is the cell's title.
      width: 134,
      ellipsis: true,
      render: (u) => (
        <p {...lookProps(cells.textXs, MONOSPACE)} data-truncate="end" title={u.hostname}>
          {u.hostname}
        </p>
      ),
    },
    {
      accessor: 'operatingSystem',
      title: t('service-units.columns.os'),
      sortable: true,
      toggleable: true,
      defaultToggle: false,
      width: 110,
      render: (u) => labels.os(u.operatingSystem),
    },
    {
      accessor: 'location',
      title: t('service-units.columns.location'),
      sortable: true,
      toggleable: true,
      defaultToggle: false,
      width: 180,
      ellipsis: true,
    },
    {
      accessor: 'lastSeenAt',
      title: t('service-units.columns.lastSeen'),
      sortable: true,
      toggleable: true,
      // The short relative time ("5 sec. ago", "há 5 seg.", "vor 5 Sek."): dayjs's "a few seconds ago" was cut to "a few secon…".
      // A long title ("Zuletzt gesehen") wraps (list-table.module.css).
      width: 114,
      ellipsis: true,
      render: (u) =>
        u.lastSeenAt ? (
          <RelativeTimeText value={u.lastSeenAt} language={language} compact look={cells.textSm} />
        ) : (
          <p {...lookProps(cells.textSm, DIMMED)}>{labels.t('data-list.never')}</p>
        ),
    },
    {
      accessor: 'tags',
      title: t('service-units.columns.tags'),
      toggleable: true,
      width: 136,
      render: (u) => <TagList tags={u.tags} labels={labels} looks={looks} />,
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('data-list.actions')}</VisuallyHidden>,
      textAlign: 'right',
      width: 80,
      render: (u) => <UnitRowActions unit={u} onEdit={onEdit} onDelete={onDelete} labels={labels} looks={cells} />,
    },
  ];
  const choosable = columns
    .filter((c) => c.toggleable === true)
    .map((c) => ({ accessor: String(c.accessor), label: typeof c.title === 'string' ? c.title : String(c.accessor) }));
  return { columns, choosable };
}

/** A unit as a phone's card: name, host name, status and last seen, edit and delete in the menu. */
function useUnitCards(handlers: UnitRowHandlers): CardLayout<UnitRow> {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const labels = rowLabels(t);
    const actionsLabel = rowLabelCache(t).named('data-list.rowActions');
    const edit = t('common.edit');
    const remove = t('common.delete');
    const never = t('data-list.never');
    return {
      primary: (u) => u.name,
      onOpen: handlers.onOpen,
      secondary: (u) => (
        <Text span inherit ff="monospace">
          {u.hostname}
        </Text>
      ),
      status: (u) => <StatusBadgeLabel status={u.status} label={labels.status(u.status)} />,
      meta: (u) => (u.lastSeenAt ? relativeText(u.lastSeenAt, language) : never),
      actionsLabel: (u) => actionsLabel(u.name),
      actions: (u) => [
        { key: 'edit', label: edit, icon: <IconEdit size={16} aria-hidden />, onClick: () => handlers.onEdit(u) },
        { key: 'delete', label: remove, color: 'danger', icon: <IconTrash size={16} aria-hidden />, onClick: () => handlers.onDelete(u) },
      ],
    };
  }, [t, language, handlers]);
}

const noop = () => undefined;
const NO_HANDLERS: UnitRowHandlers = { onOpen: noop, onEdit: noop, onDelete: noop };

/** The column chooser and density of the units table (its own view of the same stored choices). */
// Memoised (no props): the list screen's renders skip the column chooser.
export const UnitTableSettings = memo(function UnitTableSettings() {
  const { columns, choosable } = useUnitColumns(NO_HANDLERS);
  const preferences = useTablePreferences(UNIT_TABLE_KEY, columns);
  return <TableSettings preferences={preferences} columns={choosable} />;
});

const unitLabel = (u: UnitRow) => u.name;

// Memoised: the screen passes stable props, so only the list's own changes render the table; the columns keep their
// identity (stable handlers), so the shared table's rows render only when their record changes.
export const UnitTable = memo(function UnitTable({ list, ...events }: { list: ListActorRef<UnitRow> } & UnitRowHandlers) {
  const { t } = useTranslation();
  const handlers = useLatestHandlers(events);
  const { columns } = useUnitColumns(handlers);
  const cards = useUnitCards(handlers);
  // Selection checkboxes for the bulk actions; the actions column stays pinned (ListDataTable).
  return (
    <ListDataTable
      list={list}
      tableKey={UNIT_TABLE_KEY}
      columns={columns}
      cards={cards}
      rowLabel={unitLabel}
      selectable
      label={t('service-units.tableLabel')}
    />
  );
});
