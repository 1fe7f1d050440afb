/** Every node type, listed once. A test checks each folder of src/nodes is here. */
import type { NodeDefinition, NodeRegistry } from '../core/engine/index.js';
import condition from './condition/index.js';
import consoleLog from './consoleLog/index.js';
import cron from './cron/index.js';
import errorHandler from './errorHandler/index.js';
import execute from './execute/index.js';
import http from './http/index.js';
import jsonOutputMapper from './jsonOutputMapper/index.js';
import loop from './loop/index.js';
import merge from './merge/index.js';
import output from './output/index.js';
import set from './set/index.js';
import sticky from './sticky/index.js';
import switchNode from './switch/index.js';
import textInput from './textInput/index.js';
import throwError from './throwError/index.js';
import variable from './variable/index.js';
import wait from './wait/index.js';

export const nodeDefinitions: readonly NodeDefinition[] = [
  textInput,
  cron,
  condition,
  switchNode,
  loop,
  merge,
  wait,
  set,
  variable,
  execute,
  output,
  jsonOutputMapper,
  throwError,
  errorHandler,
  consoleLog,
  sticky,
  http,
];

export const nodeRegistry: NodeRegistry = new Map(
  nodeDefinitions.map((definition) => [definition.type, definition]),
);
