import { Alert, Button, Card, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { isApiError } from '@/api/errors';
import { agendaQueryOptions } from '../api/get-agenda';
import { type AgendaTab, type AgendaView, type TabInfo } from '../rules';
import { AgendaCard } from './agenda-card';
import { AnswerFocusProvider, EMPTY_ATTR } from './answer-focus';

/** The cards of one tab: skeletons while loading, the error with Retry, the empty text, 'Load more'. */
export function AgendaList({
  view,
  tab,
  info,
}: {
  view: AgendaView;
  tab: AgendaTab;
  info: TabInfo;
}) {
  const query = useInfiniteQuery(agendaQueryOptions(view, tab));
  const container = useRef<HTMLDivElement>(null);

  if (query.isPending) return <LoadingCards />;
  if (query.isError) {
    const detail = isApiError(query.error) ? query.error.message : '';
    return (
      <Alert color="red" title="Could not load the agenda" role="alert">
        <Stack gap="xs" align="flex-start">
          {detail && <Text size="sm">{detail}</Text>}
          <Button variant="light" color="red" mih={44} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }

  const cards = query.data.pages.flatMap((p) => p.items ?? []);
  const total = query.data.pages.at(-1)?.total ?? cards.length;
  return (
    <AnswerFocusProvider
      ids={cards.map((c) => c.placement.id)}
      updatedAt={query.dataUpdatedAt}
      container={container}
    >
      <div ref={container}>
        {cards.length === 0 ? (
          // Focusable from script only: an answer that empties the tab moves the focus here.
          <Text c="dimmed" py="lg" ta="center" tabIndex={-1} {...{ [EMPTY_ATTR]: '' }}>
            {info.empty}
          </Text>
        ) : (
          <Stack gap="md">
            {cards.map((card) => (
              <AgendaCard key={card.placement.id} card={card} view={view} />
            ))}
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed" role="status">
                Showing {cards.length} of {total}
              </Text>
              {query.hasNextPage && (
                <Button
                  variant="default"
                  mih={44}
                  loading={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  Load more
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </div>
    </AnswerFocusProvider>
  );
}

function LoadingCards() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">Loading the agenda…</VisuallyHidden>
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="md" aria-hidden="true">
          <Skeleton height={12} width="30%" mb="sm" />
          <Skeleton height={20} width="60%" mb="sm" />
          <Skeleton height={12} width="80%" mb="xs" />
          <Skeleton height={12} width="70%" mb="md" />
          <Skeleton height={44} />
        </Card>
      ))}
    </Stack>
  );
}
