/** What the engine needs from the outside world; the caller of the engine supplies these. */

/** fetch-compatible. The caller may add SSRF rules, proxies or credential injection. */
export type HttpPort = (url: string, init: RequestInit) => Promise<Response>;

export interface SubWorkflowRequest {
  workflowId: string;
  inputs: Record<string, unknown>;
  /** Start the child and answer at once, without its outputs. */
  doNotWait: boolean;
  /** Depth of the child run (the parent's depth + 1). */
  depth: number;
  parentRunId: string;
  userId: string | null;
  testRun: boolean;
  triggerSource: string;
  signal: AbortSignal;
}

export interface SubWorkflowResult {
  status: string;
  outputs: Record<string, unknown>;
  [key: string]: unknown;
}

export type SubWorkflowPort = (request: SubWorkflowRequest) => Promise<SubWorkflowResult>;

export interface EngineLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface EnginePorts {
  http?: HttpPort;
  subWorkflow?: SubWorkflowPort;
  /** Persists a global variable (Variable node with isGlobal). */
  setGlobal?: (name: string, value: unknown) => Promise<void> | void;
  logger?: EngineLogger;
}

export const silentLogger: EngineLogger = { info: () => {}, warn: () => {}, error: () => {} };
