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

/** A credential the run's user may use, decrypted (spec 5.8); the caller enforces who may use what. */
export interface LoadedCredential {
  type: string;
  values: Record<string, unknown>;
}

/** Loads a credential by id for the run's user; rejects when it does not exist or may not be used. */
export type CredentialPort = (credentialId: string) => Promise<LoadedCredential>;

export interface EnginePorts {
  credential?: CredentialPort;
  http?: HttpPort;
  subWorkflow?: SubWorkflowPort;
  /** Persists a global variable (Variable node with isGlobal). */
  setGlobal?: (name: string, value: unknown) => Promise<void> | void;
  logger?: EngineLogger;
}

export const silentLogger: EngineLogger = { info: () => {}, warn: () => {}, error: () => {} };
