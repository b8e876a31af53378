import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { SearchForm } from '../components/react/SearchForm.tsx';
import { useAuth } from '../components/react/useAuth.ts';

export default function HomeSearch() {
  // The tenancy-term filters only for signed-in users: visitors' results do not carry the terms.
  const status = useAuth().status;
  return (
    <ErrorBoundary>
      <SearchForm
        target="/properties"
        showTerms={status === 'authenticated'}
        visitor={status === 'anonymous'}
      />
    </ErrorBoundary>
  );
}
