/**
 * What the canvas nodes read besides their own data: node type infos, the run state and the
 * validation problems. Contexts, so a run frame re-renders node bodies without re-mapping the graph.
 */
import { createContext, useContext } from 'react';
import type { NodeTypeInfo } from '../api/types';
import { idleRun, type RunState } from '../run/run-state';

export const NodeTypesContext = createContext<ReadonlyMap<string, NodeTypeInfo>>(new Map());
export const RunContext = createContext<RunState>(idleRun);
/** Messages per node id from the last 422 invalid_workflow. */
export const ProblemsContext = createContext<Readonly<Record<string, string[]>>>({});

export const useNodeTypes = () => useContext(NodeTypesContext);
export const useRunState = () => useContext(RunContext);
export const useProblems = () => useContext(ProblemsContext);
