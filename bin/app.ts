#!/usr/bin/env node
import { createApp } from '../lib/app';

// `npx cdk synth|deploy -c stage=<name>`; see docs/infra.md for the parameters.
createApp();
