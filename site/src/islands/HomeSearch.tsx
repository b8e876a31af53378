import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { SearchForm } from '../components/react/SearchForm.tsx';

export default function HomeSearch() {
  return (
    <ErrorBoundary>
      <SearchForm target="/properties" />
    </ErrorBoundary>
  );
}
