import { spawnSync } from 'node:child_process';

/**
 * The drill's private network: one Linux network namespace per host, each
 * with one veth link into a bridge in the machine's own namespace, and an
 * address in 10.239.39.0/24 (a range nothing else here uses). The drill
 * itself is the client at the bridge's address. Every name starts with `rh`
 * so that a leftover of an interrupted run is recognised and removed.
 */
export const SUBNET = '10.239.39';
export const BRIDGE = 'rh-br0';
export const CLIENT_ADDRESS = `${SUBNET}.1`;

export type Host = { id: string; ns: string; veth: string; address: string };

const NS_PREFIX = 'rh-';
const VETH_PREFIX = 'rhv-';

/** Runs `ip` (iproute2); throws with its message. */
export const ip = (...args: string[]) => {
  const out = spawnSync('ip', args, { encoding: 'utf8' });
  if (out.error)
    throw new Error(
      `\`ip\` (iproute2) is needed for the multi-host drill: ${out.error.message}; install the iproute2 package`,
    );
  if (out.status !== 0) throw new Error(`ip ${args.join(' ')}: ${out.stderr.trim()}`);
  return out.stdout;
};

export const host = (id: string, last: number): Host => ({
  id,
  ns: `${NS_PREFIX}${id}`,
  veth: `${VETH_PREFIX}${id}`,
  address: `${SUBNET}.${last}`,
});

const namespaces = () =>
  ip('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((name) => name.startsWith(NS_PREFIX));

/** The pids of every process in the drill's namespaces. */
const pidsInNamespaces = () =>
  namespaces().flatMap((ns) =>
    ip('netns', 'pids', ns)
      .split('\n')
      .map(Number)
      .filter((pid) => pid > 0),
  );

/**
 * Removes whatever an earlier run left: the processes still running in its
 * namespaces (SIGKILL: that run is gone), the namespaces, the veth links and
 * the bridge. Safe to call when there is nothing.
 */
export const removeNetwork = () => {
  for (const pid of pidsInNamespaces())
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  for (const ns of namespaces()) ip('netns', 'delete', ns);
  const links = ip('-o', 'link', 'show')
    .split('\n')
    .map((line) => /^\d+: ([^:@]+)/.exec(line)?.[1])
    .filter((name): name is string => !!name && (name.startsWith(VETH_PREFIX) || name === BRIDGE));
  // A veth pair goes with its namespace; whatever is still listed is deleted (if still there).
  for (const link of links) spawnSync('ip', ['link', 'delete', link], { stdio: 'ignore' });
};

/** The bridge with the client's address, and one namespace per host linked into it. */
export const createNetwork = (hosts: Host[]) => {
  const taken = ip('-o', 'addr', 'show').includes(`inet ${SUBNET}.`);
  if (taken) throw new Error(`${SUBNET}.0/24 is already in use on this machine`);
  ip('link', 'add', BRIDGE, 'type', 'bridge');
  ip('addr', 'add', `${CLIENT_ADDRESS}/24`, 'dev', BRIDGE);
  ip('link', 'set', BRIDGE, 'up');
  for (const h of hosts) {
    ip('netns', 'add', h.ns);
    ip('link', 'add', h.veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', h.ns);
    ip('link', 'set', h.veth, 'master', BRIDGE);
    ip('link', 'set', h.veth, 'up');
    ip('-n', h.ns, 'link', 'set', 'lo', 'up');
    ip('-n', h.ns, 'addr', 'add', `${h.address}/24`, 'dev', 'eth0');
    ip('-n', h.ns, 'link', 'set', 'eth0', 'up');
  }
};

/**
 * A service address that moves: a link of its own into the bridge, whose far
 * end (`svc0`, with the address) sits in one host's namespace and is moved
 * whole into another's. Its hardware address moves with it, so nobody's ARP
 * cache goes stale, and packets of connections to the old holder now reach a
 * host that answers them with a reset: clients notice at once and reconnect.
 * `arp_ignore` stops the holder's own link from answering for the address.
 */
export type ServiceAddress = { id: string; veth: string; address: string; holder: Host };

const SERVICE_LINK = 'svc0';

const holdAddress = (s: ServiceAddress, h: Host) => {
  ip('netns', 'exec', h.ns, 'sh', '-c', 'echo 1 > /proc/sys/net/ipv4/conf/all/arp_ignore');
  ip('-n', h.ns, 'addr', 'add', `${s.address}/32`, 'dev', SERVICE_LINK);
  ip('-n', h.ns, 'link', 'set', SERVICE_LINK, 'up');
  s.holder = h;
};

export const createServiceAddress = (id: string, last: number, holder: Host): ServiceAddress => {
  const s = { id, veth: `${VETH_PREFIX}${id}`, address: `${SUBNET}.${last}`, holder };
  ip('link', 'add', s.veth, 'type', 'veth', 'peer', 'name', SERVICE_LINK, 'netns', holder.ns);
  ip('link', 'set', s.veth, 'master', BRIDGE);
  ip('link', 'set', s.veth, 'up');
  holdAddress(s, holder);
  return s;
};

/** Moves the address to another host (the promoted standby). */
export const moveServiceAddress = (s: ServiceAddress, to: Host) => {
  ip('-n', s.holder.ns, 'link', 'set', SERVICE_LINK, 'netns', to.ns);
  holdAddress(s, to);
  ip('link', 'set', s.veth, 'up');
};

/**
 * Cuts a host off the network: its links into the bridge go down (the
 * service address' too, while it holds one), so its packets are dropped both
 * ways.
 */
export const cut = (h: Host, held: ServiceAddress[] = []) => {
  ip('link', 'set', h.veth, 'down');
  for (const s of held) if (s.holder === h) ip('link', 'set', s.veth, 'down');
};

/** Plugs it back in. */
export const reconnect = (h: Host, held: ServiceAddress[] = []) => {
  ip('link', 'set', h.veth, 'up');
  for (const s of held) if (s.holder === h) ip('link', 'set', s.veth, 'up');
};

/** The command line that runs `command` inside the host's namespace (optionally as another user). */
export const inHost = (h: Host, command: string, args: string[], user?: string) => ({
  command: 'ip',
  args: [
    'netns',
    'exec',
    h.ns,
    ...(user ? ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--init-groups'] : []),
    command,
    ...args,
  ],
});
