/** An event as the domain produces it: a past-tense fact with its data. */
export type Event<
  Type extends string = string,
  Data extends Record<string, unknown> = Record<string, unknown>,
> = {
  type: Type;
  data: Data;
};

/** Who caused an event and why; never the whole request. */
export type EventMetadata = {
  userId?: string;
  correlationId?: string;
  /** The version of the event's data shape, for upcasting when a shape changes. */
  schemaVersion?: number;
};

export type RecordedEvent<E extends Event = Event> = E & {
  streamId: string;
  streamVersion: number;
  position: number;
  transactionId: string;
  metadata: EventMetadata;
  recordedAt: Date;
};

/** Where a reader stands in the log: the (transaction id, position) of the last event it applied. */
export type Checkpoint = { transactionId: string; position: number };

export const START: Checkpoint = { transactionId: '0', position: 0 };

/** 0: the stream must not exist yet; 'any': no check; n: the version the caller read. */
export type ExpectedVersion = number | 'any';

export type AppendResult = { nextVersion: number; lastPosition: number; transactionId: string };
