/**
 * The one island of the pre-rendered public pages (city pages, /browse/{id}),
 * bundled by the projections' site build (projections/src/publicSite/assets.ts):
 * the site's own header frame (phone menu, signed-in menu), and for a
 * signed-in user cards that lead to the full detail and show what the app's
 * cards show (signedInCards.ts). A visitor's page stays as rendered, and the
 * pages work without it.
 */
import { $auth } from '../stores/auth.ts';
import { startFrame } from './frame.ts';
import { leadToFullDetails } from './fullDetails.ts';
import { showSignedInCards } from './signedInCards.ts';

startFrame();
$auth.subscribe(({ status }) => {
  if (status !== 'authenticated') return;
  leadToFullDetails(document);
  // The cards keep their visitor content if the search cannot be had: they still lead to the detail.
  showSignedInCards(document).catch(() => undefined);
});
