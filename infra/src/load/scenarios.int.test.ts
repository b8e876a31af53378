import { confirmPublishingOwners } from './runner/confirmOwners.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, waitForPage, type ProductStack } from '@rentals/testing/product';
import { runServers } from '@rentals/testing/testDatabase';
import { cityRegeneration } from './mix/cityRegeneration.ts';
import { ownerDashboard } from './mix/ownerDashboard.ts';
import type { AnyScenario, Inputs } from './mix/scenario.ts';
import { tenantSearch } from './mix/tenantSearch.ts';
import { loadInputs } from './runner/inputs.ts';
import { runScenario } from './runner/runScenario.ts';
import { runSetup } from './runner/setupFlow.ts';

/**
 * Each scenario for two iterations per connection with the autocannon runner
 * against the product (web and projections processes): every kind of request
 * is sent and answered as the scenario expects. No timing is asserted.
 */
let stack: ProductStack;
let baseUrl: string;
let inputs: Inputs;

beforeAll(async () => {
  stack = await startProduct({ servers: runServers() });
  baseUrl = await stack.startProcesses();
  const all = await loadInputs();
  // Three cities keep the setup short (city-regeneration lists one flat in each).
  inputs = { ...all, places: all.places.slice(0, 3) };
  // Publishing needs a confirmed email: the load CLI's step confirms the scenarios' owners (the
  // dashboard's and city-regeneration's) by the mailed link before the setups sign them in.
  await confirmPublishingOwners(baseUrl, stack.mailWebUrl, () => {});
  // Listings to search and open, and city pages to read: city-regeneration's own setup lists them.
  await runSetup(baseUrl, cityRegeneration.setup(inputs));
  await stack.waitForSearchIdle();
  for (const place of inputs.places)
    await waitForPage(`${baseUrl}/browse/cities/${place.slug}`, (body) =>
      body.includes(place.name),
    );
});

afterAll(() => stack?.stop());

const smoke = async (scenario: AnyScenario) => {
  const connections = 2;
  const result = await runScenario(scenario, inputs, {
    baseUrl,
    seconds: 60,
    connections,
    requests: scenario.steps.length * 2 * connections,
  });
  const failed = result.samples.filter((s) => !s.ok);
  expect(failed.slice(0, 5), result.statuses.join('; ')).toEqual([]);
  for (const kind of scenario.kinds)
    expect(
      result.rows.find((r) => r.kind === kind)?.requests,
      `${kind}: ${result.statuses.join('; ')}`,
    ).toBeGreaterThan(0);
  return result;
};

describe('load scenarios (autocannon runner, two iterations per connection)', () => {
  it('tenant-search: searches, map viewports and detail views all answer 200', async () => {
    const result = await smoke(tenantSearch);
    // Nothing is deleted meanwhile, so no listing a search found is missing.
    expect(result.samples.filter((s) => s.kind === 'detail' && s.status !== 200)).toEqual([]);
  });

  // Signing in hashes a password on purpose; on a busy machine four of them take a while.
  it(
    'owner-dashboard: owners sign in, list, create with a photo, edit, toggle and delete',
    {
      timeout: 180_000,
    },
    async () => {
      await smoke(ownerDashboard);
    },
  );

  it("city-regeneration: edits reach the cities' static pages while visitors read them", async () => {
    await smoke(cityRegeneration);
    const place = inputs.places[0]!;
    await waitForPage(`${baseUrl}/browse/cities/${place.slug}`, (body) =>
      body.includes(`Load city flat in ${place.name}, round `),
    );
  });
});
