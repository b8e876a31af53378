import { countingScamReports, fromNewAccount, type OpenReport } from '@rentals/core/reports/report';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A listing's open reports as the admin weighs them for a brigade: how old
 * each reporter's account was, which reports came from one address (numbered
 * groups; the address itself is never recorded), and which count toward hiding.
 */
export const presentOpenReports = (open: readonly OpenReport[]) => {
  const counting = new Set(countingScamReports(open).map((r) => r.reportId));
  const perAddress = new Map<string, number>();
  for (const r of open)
    if (r.reporterAddress !== undefined)
      perAddress.set(r.reporterAddress, (perAddress.get(r.reporterAddress) ?? 0) + 1);
  const groups = new Map<string, number>();
  const groupOf = (address: string | undefined) => {
    if (address === undefined || (perAddress.get(address) ?? 0) < 2) return null;
    if (!groups.has(address)) groups.set(address, groups.size + 1);
    return groups.get(address)!;
  };
  return open.map((r) => ({
    reportId: r.reportId,
    reason: r.reason,
    at: r.at,
    accountAgeHours:
      r.reporterSince === undefined
        ? null
        : Math.max(0, Math.floor((Date.parse(r.at) - Date.parse(r.reporterSince)) / HOUR_MS)),
    newAccount: fromNewAccount(r),
    sharedAddress: groupOf(r.reporterAddress),
    counts: counting.has(r.reportId),
  }));
};
