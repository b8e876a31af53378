import { useStore } from '@nanostores/react';
import { text } from '../../lib/i18n.ts';
import { $dataSaver, setDataSaver } from '../../stores/dataSaver.ts';

/** The profile's data saver switch: the footer's, kept in this browser (stores/dataSaver.ts). */
export const DataSaverSetting = () => {
  const on = useStore($dataSaver);
  return (
    <section className="card" aria-labelledby="data-saver-heading">
      <h2 id="data-saver-heading">{text('common.dataSaver.title')}</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => setDataSaver(e.target.checked)}
          data-testid="profile-data-saver"
        />{' '}
        {text('common.dataSaver.switch')}
      </label>
      <p className="muted">{text('common.dataSaver.explain')}</p>
    </section>
  );
};
