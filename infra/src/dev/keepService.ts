import type { serviceLogs } from './serviceLogs.ts';
import { supervise, type Service } from './supervisor.ts';

/**
 * The runner's `keep`: starts a service under supervision (restarted when it
 * exits, stopped on the way out) and requires its first start to succeed
 * (supervisor.ts retries it a few times), showing the service's last lines
 * when it does not. Once the runner is stopping it starts nothing more.
 */
export const keeper =
  (options: {
    logs: ReturnType<typeof serviceLogs>;
    /** How a service's log file is named in the terminal. */
    logFile: (name: string) => string;
    /** Called with each process of a service that starts (e.g. to record its pid). */
    onStart: (name: string, pid: number) => void;
    /** The runner's list of what to stop on the way out. */
    cleanups: { name: string; stop: () => Promise<unknown> }[];
    /** True once the runner is on its way out. */
    stopping: () => boolean;
  }) =>
  async (service: Service) => {
    const { logs } = options;
    if (options.stopping()) throw new Error(`not starting ${service.name}: stopping`);
    const supervisor = supervise(service, {
      say: logs.say(service.name),
      onStart: (child) => options.onStart(service.name, child.pid!),
      logFile: options.logFile(service.name),
    });
    options.cleanups.push({ name: service.name, stop: supervisor.stop });
    try {
      await supervisor.start();
      // Stopped meanwhile (Ctrl-C during start-up): the supervisor has stopped it; go no further.
      if (options.stopping()) throw new Error(`${service.name}: stopped during start-up`);
    } catch (error) {
      if (options.stopping()) throw error;
      const print = logs.say(service.name);
      for (const line of logs.recent(service.name)) print(line);
      const reason = (error as Error).message.split('\n')[0];
      throw new Error(
        `${service.name} could not start: ${reason}; see ${options.logFile(service.name)}`,
        { cause: error },
      );
    }
  };
