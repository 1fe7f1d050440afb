/**
 * What a run may use besides its input: `$credentials`, `$global`, credentials loaded by id, and the
 * masker that hides every secret the run could see (spec 5.8). Loaded only for workflows that
 * reference them, so a plain workflow costs no extra query.
 */
import type { LoadedCredential } from '../../core/engine/index.js';
import { AppError } from '../../core/errors.js';
import { createMasker, noMasking, type Masker } from '../../core/masking.js';
import type { WorkflowDocument } from '../../core/workflow/index.js';

/** Where the resources of a user's runs come from (credential and variable services). */
export interface RunResourceSources {
  credentialScope(userId: string): Promise<Record<string, unknown>>;
  loadCredential(userId: string, credentialId: string): Promise<LoadedCredential | undefined>;
  secretValues(userId: string): Promise<string[]>;
  globalScope(userId: string): Promise<Record<string, unknown>>;
  setGlobal(userId: string, name: string, value: unknown): Promise<void>;
}

export interface RunResources {
  credentials: Record<string, unknown>;
  global: Record<string, unknown>;
  mask: Masker;
  loadCredential?: (credentialId: string) => Promise<LoadedCredential>;
  setGlobal?: (name: string, value: unknown) => Promise<void>;
}

export const NO_RESOURCES: RunResources = { credentials: {}, global: {}, mask: noMasking };

interface Needs {
  credentials: boolean;
  globals: boolean;
}

const needsByDocument = new WeakMap<WorkflowDocument, Needs>();

export function needsOf(document: WorkflowDocument): Needs {
  let needs = needsByDocument.get(document);
  if (!needs) {
    const text = JSON.stringify(document.nodes);
    needs = {
      credentials: /\$credentials|"credentialId"|"credential_id"|"type":"(?:llm|agent)"/.test(text),
      globals: /\$global|"isGlobal":true/.test(text),
    };
    needsByDocument.set(document, needs);
  }
  return needs;
}

/** The resources of one run, or NO_RESOURCES when the workflow uses none (synchronously known). */
export function resourcesFor(
  document: WorkflowDocument,
  userId: string,
  sources: RunResourceSources | undefined,
): RunResources | Promise<RunResources> {
  const needs = needsOf(document);
  if (!sources || (!needs.credentials && !needs.globals)) return NO_RESOURCES;
  return loadResources(userId, needs, sources);
}

async function loadResources(
  userId: string,
  needs: Needs,
  sources: RunResourceSources,
): Promise<RunResources> {
  const [credentials, secrets, global] = await Promise.all([
    needs.credentials ? sources.credentialScope(userId) : {},
    needs.credentials ? sources.secretValues(userId) : [],
    needs.globals ? sources.globalScope(userId) : {},
  ]);
  return {
    credentials,
    global,
    mask: createMasker(secrets),
    loadCredential: async (credentialId) => {
      const credential = await sources.loadCredential(userId, credentialId);
      // One answer for "missing" and "not yours": a run never learns which credentials exist.
      if (!credential)
        throw new AppError('not_found', {
          detail: `Credential ${credentialId} is not available to this run`,
        });
      return credential;
    },
    setGlobal: (name, value) => sources.setGlobal(userId, name, value),
  };
}
