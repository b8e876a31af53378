/** Whether a process with this pid exists (signal 0 checks without sending anything). */
export const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
