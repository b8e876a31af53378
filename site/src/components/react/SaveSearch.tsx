import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { describeError } from '../../lib/api.ts';
import { describeFilters, type Filters } from '../../lib/filters.ts';
import { fill, text } from '../../lib/i18n.ts';
import { apiFiltersOf, bboxArea, type AlertChoice } from '../../lib/savedSearches.ts';
import { $drawnArea } from '../../stores/drawnArea.ts';
import { $mapArea } from '../../stores/mapSearch.ts';
import { saveSearch } from '../../stores/savedSearches.ts';
import { $viewMode } from '../../stores/viewMode.ts';
import { Alert } from './Alert.tsx';
import { AlertSelect } from './AlertSelect.tsx';

/**
 * 'Save this search': a name and an alert choice for the filters on screen,
 * and the area the search looks at, if any: the area drawn on the map, else
 * the open map's view, or the list narrowed by 'Search this area'.
 */
export const SaveSearch = ({
  filters,
  listArea,
}: {
  filters: Filters;
  /** The area 'Search this area' narrowed the list to, if it did. */
  listArea: [number, number, number, number] | null;
}) => {
  const mapOpen = useStore($viewMode) === 'map';
  const mapArea = useStore($mapArea);
  const drawn = useStore($drawnArea);
  const bbox = mapOpen ? mapArea : listArea;
  const area = drawn
    ? ({ kind: 'polygon', points: drawn } as const)
    : bbox
      ? bboxArea(bbox)
      : undefined;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<AlertChoice>('instant');
  const [state, setState] = useState<{ busy: boolean; error?: string; saved?: string }>({
    busy: false,
  });

  if (state.saved)
    return (
      <p className="muted" role="status" data-testid="search-saved">
        {fill('common.saveSearch.saved', { name: state.saved })}{' '}
        <a href="/saved-searches">{text('common.saveSearch.yours')}</a>
      </p>
    );
  if (!open)
    return (
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          setName(describeFilters(filters) || text('common.saveSearch.allProperties'));
          setOpen(true);
        }}
      >
        {text('common.saveSearch.open')}
      </button>
    );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setState({ busy: true });
    try {
      const saved = await saveSearch({
        name,
        filters: apiFiltersOf(filters),
        ...(area ? { area } : {}),
        alert,
      });
      setState({ busy: false, saved: saved.name });
    } catch (error) {
      setState({ busy: false, error: describeError(error, text('common.saveSearch.failed')) });
    }
  };
  return (
    <form
      className="save-search"
      onSubmit={(e) => void submit(e)}
      aria-label={text('common.saveSearch.open')}
    >
      <label>
        {text('common.saveSearch.name')}
        <input
          name="name"
          value={name}
          maxLength={60}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label>
        {text('common.saveSearch.alerts')}
        <AlertSelect name="alert" value={alert} onChange={setAlert} />
      </label>
      {area && (
        <p className="muted" data-testid="saves-map-area">
          {text(
            area.kind === 'polygon' ? 'common.saveSearch.keepsDrawn' : 'common.saveSearch.keepsMap',
          )}
        </p>
      )}
      <button type="submit" className="button button-primary button-small" disabled={state.busy}>
        {text('common.save')}
      </button>
      <button type="button" className="link-button" onClick={() => setOpen(false)}>
        {text('common.cancel')}
      </button>
      <Alert className="alert alert-error" message={state.error} />
    </form>
  );
};
