// npm run generate: writes generated/schema.d.ts, generated/openapi-document.ts, the validators compiled at build time
// (generated/request-validators.ts, generated/snapshot-validator.ts, generated/journal-validator.ts),
// docs/assumptions.md, docs/rules.md and docs/changes.md (generators/). An invalid openapi.yaml stops it first with
// one message naming the place (contract/readable.ts).
import { writeFileSync } from 'node:fs';
import { RULES_DOC_PATH, renderRulesDoc } from '../conformance/write-rules-doc.js';
import { renderChangesPage } from '../contract/evolution/history.js';
import { runOnContract } from '../contract/readable.js';
import {
  ASSUMPTIONS_PATH,
  assumptionsPage,
  CHANGES_PATH,
  DOCUMENT_MODULE_PATH,
  documentModule,
  generateTypes,
} from '../generators/generated-files.js';
import {
  JOURNAL_VALIDATOR_PATH,
  journalValidatorModule,
  REQUEST_VALIDATORS_PATH,
  requestValidatorsModule,
  SNAPSHOT_VALIDATOR_PATH,
  snapshotValidatorModule,
} from '../generators/standalone-validators.js';

runOnContract('generate', () => {
  generateTypes('generated/schema.d.ts');
  console.log('wrote generated/schema.d.ts');
  writeFileSync(DOCUMENT_MODULE_PATH, documentModule());
  console.log('wrote generated/openapi-document.ts');
  writeFileSync(REQUEST_VALIDATORS_PATH, requestValidatorsModule());
  console.log('wrote generated/request-validators.ts');
  writeFileSync(SNAPSHOT_VALIDATOR_PATH, snapshotValidatorModule());
  console.log('wrote generated/snapshot-validator.ts');
  writeFileSync(JOURNAL_VALIDATOR_PATH, journalValidatorModule());
  console.log('wrote generated/journal-validator.ts');
  writeFileSync(ASSUMPTIONS_PATH, assumptionsPage());
  console.log('wrote docs/assumptions.md');
  writeFileSync(RULES_DOC_PATH, renderRulesDoc());
  console.log('wrote docs/rules.md');
  writeFileSync(CHANGES_PATH, renderChangesPage());
  console.log('wrote docs/changes.md');
});
