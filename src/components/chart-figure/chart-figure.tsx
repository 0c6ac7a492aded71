import type { ReactNode } from 'react';
import { Card, Table, Text, Title, VisuallyHidden } from '@mantine/core';

export interface AlternativeTable {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart with its text alternative: the drawing is hidden from screen readers, which read the same
 * figures as a table instead (WCAG 1.1.1).
 */
export function ChartFigure({
  title,
  description,
  table,
  bare = false,
  children,
}: {
  title: string;
  description?: string;
  table: AlternativeTable;
  /** Inside a card that already shows the title: no card and no heading of its own. */
  bare?: boolean;
  children: ReactNode;
}) {
  const alternative = (
    <VisuallyHidden>
      <Table>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </VisuallyHidden>
  );
  if (bare) {
    return (
      <figure aria-label={title} style={{ margin: 0 }}>
        <div aria-hidden>{children}</div>
        {alternative}
      </figure>
    );
  }
  return (
    <Card withBorder padding="md" component="figure" m={0} aria-label={title}>
      <Title order={2} size="h4" mb={description ? 2 : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      <div aria-hidden>{children}</div>
      {alternative}
    </Card>
  );
}
