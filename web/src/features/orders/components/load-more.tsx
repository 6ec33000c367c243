import { Button } from 'antd';

/** "Load more" under a paged list: the next page from the server, while there is one. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown; isFetchNextPageError?: boolean };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="load-more">
      {query.isFetchNextPageError && <p className="muted">More orders could not be loaded.</p>}
      <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {query.isFetchNextPageError ? 'Retry' : 'Load more'}
      </Button>
    </div>
  );
}
