/** Node tests import their helpers from here. */
export {
  createTestContext,
  runNodeForTest,
  runNodeWithContext,
  type TestContext,
  type TestContextOptions,
} from '../core/engine/test-context.js';
