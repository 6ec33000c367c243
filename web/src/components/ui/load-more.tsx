import { Button } from 'antd';
import './load-more.css';

/** "Load more" under a paged list: the next page from the server, while there is one. `what`: "orders", "customers". */
export function LoadMore({
  query,
  what,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown; isFetchNextPageError?: boolean };
  what: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="load-more">
      {query.isFetchNextPageError && <p className="muted">More {what} could not be loaded.</p>}
      <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {query.isFetchNextPageError ? 'Retry' : 'Load more'}
      </Button>
    </div>
  );
}
