import type { TestProject } from 'vitest/node';
import { synth } from './support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The default app's cloud assembly, synthesized once for the infra project: its root template's path. */
    infraRootTemplate: string;
  }
}

/**
 * Synthesizes the default app once for the whole infra project (issue 25: twelve files each
 * synthesized the same app, about a minute each on a loaded 2-core machine); files that only read
 * the templates take them from this cloud assembly with `synthesizedTemplates()`. Files that need
 * other context, the construct tree or their own findings still call `synth()`.
 */
export default function setup(project: TestProject) {
  const s = synth();
  project.provide('infraRootTemplate', s.rootTemplate);
  return () => s.cleanup();
}
