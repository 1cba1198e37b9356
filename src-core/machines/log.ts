export interface LogParams {
  readonly level: 'info' | 'warn';
  readonly message: string;
  readonly error?: unknown;
}

/**
 * The default `log` action of the machines. Outcomes are logged as well as shown (docs/behaviour.md#failures); warn rather than error
 * because a refused upload or an unreachable service is expected, not a defect.
 */
export function logToConsole({ level, message, error }: LogParams): void {
  if (error === undefined) console[level](message);
  else console[level](message, error);
}
