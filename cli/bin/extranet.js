#!/usr/bin/env node
// The bin stays plain JavaScript so npm can link it; Node 24 runs the TypeScript sources directly.
// The compile cache keeps V8 code of core's dependencies between runs (start time, issue 7).
import module from 'node:module';

module.enableCompileCache?.();
await import('../src/main.ts');
