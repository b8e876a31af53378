/**
 * The one island of the pre-rendered public pages (city pages, /browse/{id}),
 * bundled by the projections' site build (projections/src/publicSite/assets.ts):
 * the site's own header frame, so a signed-in user sees their menu there too,
 * and cards that lead a signed-in user to the full detail. A visitor's page
 * stays as rendered, and the pages work without it.
 */
import { $auth } from '../stores/auth.ts';
import { startFrame } from './frame.ts';
import { leadToFullDetails } from './fullDetails.ts';

startFrame();
$auth.subscribe(({ status }) => {
  if (status === 'authenticated') leadToFullDetails(document);
});
