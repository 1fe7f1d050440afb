export { startRun, runWorkflow, DEFAULT_MAX_DEPTH } from './run.js';
export type {
  RunRequest,
  RunDeps,
  RunResult,
  RunHandle,
  NodeResult,
  RunError,
  EarlyOutput,
} from './types.js';
export { RunStatus, NodeStatus } from './status.js';
export type {
  RunEvent,
  RunEventListener,
  NodeStartEvent,
  NodeRetryEvent,
  NodeCompleteEvent,
  FinalOutputEvent,
  ExecutionCompleteEvent,
} from './events.js';
export {
  defineNode,
  NodeGroup,
  type NodeDefinition,
  type NodeContext,
  type NodeRunResult,
  type NodeLogger,
  type NodeRegistry,
  type NodeVariables,
  type SubWorkflowCall,
} from './define-node.js';
export type {
  EnginePorts,
  CredentialPort,
  LoadedCredential,
  EngineLogger,
  HttpPort,
  SubWorkflowPort,
  SubWorkflowRequest,
  SubWorkflowResult,
} from './ports.js';
export { NodeError, NonRetriableError, isRetriable, errorMessage } from './errors.js';
export { parseParams, renderData, prepareParams } from './params.js';
export { validateForRegistry } from './validate.js';
export { MAX_LOOP_ITEMS } from './loop.js';
export { isoTimeMs } from './iso-time.js';
export { LazyCancel, sleep, type RunCancel } from './abort.js';
