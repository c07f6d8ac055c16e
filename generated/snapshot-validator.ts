/**
 * This file was generated from mocks/sandbox/worlds/snapshot-schema.ts by scripts/generate.ts (npm run generate).
 * Do not make direct changes to the file.
 */
// @ts-nocheck: ajv's standalone code, compiled at build time (generators/standalone-validators.ts); typed at its exports.
import runtime0 from 'ajv/dist/runtime/ucs2length.js';
import type { CompiledCheck } from '../contract/request-checks.js';

const runtime = (m) => m.default ?? m;
const snapshot_validator = validate20;
const schema31 = {"type":"object","required":["format","version","counters","accounts","companies","boards","tokens","scenarios","cases","sessions","caseReports","tasks"],"properties":{"format":{"const":"task-sandbox-world"},"version":{"enum":[1,2]},"seq":{"type":"integer","minimum":0,"maximum":9007199254740991},"counters":{"type":"object","required":["account","company","board","column","scenario","case","session","caseReport","task"],"additionalProperties":false,"properties":{"account":{"type":"integer","minimum":0,"maximum":9007199254740991},"company":{"type":"integer","minimum":0,"maximum":9007199254740991},"board":{"type":"integer","minimum":0,"maximum":9007199254740991},"column":{"type":"integer","minimum":0,"maximum":9007199254740991},"scenario":{"type":"integer","minimum":0,"maximum":9007199254740991},"case":{"type":"integer","minimum":0,"maximum":9007199254740991},"session":{"type":"integer","minimum":0,"maximum":9007199254740991},"caseReport":{"type":"integer","minimum":0,"maximum":9007199254740991},"task":{"type":"integer","minimum":0,"maximum":9007199254740991}}},"owners":{"type":"object","additionalProperties":false,"properties":{"accounts":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"registrations":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"companies":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"boards":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"tokens":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"string","minLength":1,"maxLength":256},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"scenarios":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"cases":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"sessions":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"caseReports":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"tasks":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":"integer","minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}}}},"accounts":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","username","email","first_name","last_name","description","passwordHash"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"username":{"type":"string","maxLength":10000},"email":{"type":"string","maxLength":10000},"first_name":{"type":"string","maxLength":10000},"last_name":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"passwordHash":{"type":"string","maxLength":1024},"totpSecret":{"type":"string","maxLength":256}}}},"registrations":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["accountId","atMs","client","used"],"properties":{"accountId":{"type":"integer","minimum":1,"maximum":9007199254740991},"atMs":{"type":"integer","minimum":0,"maximum":9007199254740991},"client":{"type":"string","maxLength":256},"used":{"type":"boolean"}}}},"companies":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","name","members"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"members":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"enum":["owner","qa","viewer"]}],"minItems":2,"maxItems":2}}}}},"boards":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","companyId","name","columns"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"companyId":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"columns":{"type":"array","maxItems":1000,"items":{"type":"object","required":["id","name","kind"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"kind":{"enum":["backlog","todo","in_progress","done"]}}}}}}},"tokens":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["key","accountId","title","is_active","metadata","expires_at","created_at","secretHash"],"properties":{"key":{"type":"string","minLength":1,"maxLength":256},"accountId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"is_active":{"type":"boolean"},"metadata":{"type":"object"},"expires_at":{"type":["string","null"],"maxLength":64},"created_at":{"type":"string","maxLength":64},"secretHash":{"type":"string","pattern":"^[0-9a-f]{64}$"}}}},"scenarios":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","title","parent_id","position"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"parent_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991},"position":{"type":["integer","null"]}}}},"cases":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","scenarioId","title","description","steps_to_reproduce","expected_result"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"scenarioId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"steps_to_reproduce":{"type":"string","maxLength":10000},"expected_result":{"type":"string","maxLength":10000}}}},"sessions":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","scenarioId","title","is_active","reportIds","started_at","finished_at"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"scenarioId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"is_active":{"type":"boolean"},"reportIds":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"started_at":{"type":"string","maxLength":64},"finished_at":{"type":["string","null"],"maxLength":64}}}},"caseReports":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","sessionId","caseId","status","actual_result","severity","priority","task_id"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"sessionId":{"type":"integer","minimum":1,"maximum":9007199254740991},"caseId":{"type":"integer","minimum":1,"maximum":9007199254740991},"status":{"enum":["pending","done","bug"]},"actual_result":{"type":["string","null"],"maxLength":10000},"severity":{"type":["string","null"],"maxLength":10000},"priority":{"type":["string","null"],"maxLength":10000},"task_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}}}},"tasks":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","columnId","title","description","assignee_ids","case_report_id","severity","priority"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"columnId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"assignee_ids":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"case_report_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991},"severity":{"type":["string","null"],"maxLength":10000},"priority":{"type":["string","null"],"maxLength":10000}}}}},"if":{"properties":{"version":{"const":2}}},"then":{"required":["seq","registrations","owners"],"properties":{"seq":{},"registrations":{},"owners":{}}}};
const func1 = Object.prototype.hasOwnProperty;
const func3 = runtime(runtime0);
const pattern4 = new RegExp("^[0-9a-f]{64}$", "u");

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version !== undefined){
if(2 !== data.version){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.seq === undefined) && (missing0 = "seq")) || ((data.registrations === undefined) && (missing0 = "registrations"))) || ((data.owners === undefined) && (missing0 = "owners"))){
validate20.errors = [{instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
if(valid0){
var props0 = {};
props0.seq = true;
props0.registrations = true;
props0.owners = true;
props0.version = true;
}
}
if(!valid0){
const err1 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate20.errors = vErrors;
return false;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if(((((((((((((data.format === undefined) && (missing1 = "format")) || ((data.version === undefined) && (missing1 = "version"))) || ((data.counters === undefined) && (missing1 = "counters"))) || ((data.accounts === undefined) && (missing1 = "accounts"))) || ((data.companies === undefined) && (missing1 = "companies"))) || ((data.boards === undefined) && (missing1 = "boards"))) || ((data.tokens === undefined) && (missing1 = "tokens"))) || ((data.scenarios === undefined) && (missing1 = "scenarios"))) || ((data.cases === undefined) && (missing1 = "cases"))) || ((data.sessions === undefined) && (missing1 = "sessions"))) || ((data.caseReports === undefined) && (missing1 = "caseReports"))) || ((data.tasks === undefined) && (missing1 = "tasks"))){
validate20.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(props0 !== true){
props0 = props0 || {};
props0.format = true;
props0.version = true;
props0.seq = true;
props0.counters = true;
props0.owners = true;
props0.accounts = true;
props0.registrations = true;
props0.companies = true;
props0.boards = true;
props0.tokens = true;
props0.scenarios = true;
props0.cases = true;
props0.sessions = true;
props0.caseReports = true;
props0.tasks = true;
}
if(data.format !== undefined){
const _errs5 = errors;
if("task-sandbox-world" !== data.format){
validate20.errors = [{instancePath:instancePath+"/format",schemaPath:"#/properties/format/const",keyword:"const",params:{allowedValue: "task-sandbox-world"},message:"must be equal to constant"}];
return false;
}
var valid2 = _errs5 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.version !== undefined){
let data2 = data.version;
const _errs6 = errors;
if(!((data2 === 1) || (data2 === 2))){
validate20.errors = [{instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema31.properties.version.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid2 = _errs6 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.seq !== undefined){
let data3 = data.seq;
const _errs7 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
validate20.errors = [{instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs7){
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 9007199254740991 || isNaN(data3)){
validate20.errors = [{instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data3 < 0 || isNaN(data3)){
validate20.errors = [{instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid2 = _errs7 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.counters !== undefined){
let data4 = data.counters;
const _errs9 = errors;
if(errors === _errs9){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
let missing2;
if((((((((((data4.account === undefined) && (missing2 = "account")) || ((data4.company === undefined) && (missing2 = "company"))) || ((data4.board === undefined) && (missing2 = "board"))) || ((data4.column === undefined) && (missing2 = "column"))) || ((data4.scenario === undefined) && (missing2 = "scenario"))) || ((data4.case === undefined) && (missing2 = "case"))) || ((data4.session === undefined) && (missing2 = "session"))) || ((data4.caseReport === undefined) && (missing2 = "caseReport"))) || ((data4.task === undefined) && (missing2 = "task"))){
validate20.errors = [{instancePath:instancePath+"/counters",schemaPath:"#/properties/counters/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs11 = errors;
for(const key0 in data4){
if(!(func1.call(schema31.properties.counters.properties, key0))){
validate20.errors = [{instancePath:instancePath+"/counters",schemaPath:"#/properties/counters/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs11 === errors){
if(data4.account !== undefined){
let data5 = data4.account;
const _errs12 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs12){
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 9007199254740991 || isNaN(data5)){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < 0 || isNaN(data5)){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.company !== undefined){
let data6 = data4.company;
const _errs14 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs14){
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 9007199254740991 || isNaN(data6)){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data6 < 0 || isNaN(data6)){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs14 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.board !== undefined){
let data7 = data4.board;
const _errs16 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs16){
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 9007199254740991 || isNaN(data7)){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data7 < 0 || isNaN(data7)){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs16 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.column !== undefined){
let data8 = data4.column;
const _errs18 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs18){
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 9007199254740991 || isNaN(data8)){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 < 0 || isNaN(data8)){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs18 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.scenario !== undefined){
let data9 = data4.scenario;
const _errs20 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs20){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 9007199254740991 || isNaN(data9)){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 < 0 || isNaN(data9)){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.case !== undefined){
let data10 = data4.case;
const _errs22 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs22){
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 9007199254740991 || isNaN(data10)){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < 0 || isNaN(data10)){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs22 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.session !== undefined){
let data11 = data4.session;
const _errs24 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs24){
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 9007199254740991 || isNaN(data11)){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data11 < 0 || isNaN(data11)){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs24 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.caseReport !== undefined){
let data12 = data4.caseReport;
const _errs26 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs26){
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 9007199254740991 || isNaN(data12)){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data12 < 0 || isNaN(data12)){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs26 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.task !== undefined){
let data13 = data4.task;
const _errs28 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs28){
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 > 9007199254740991 || isNaN(data13)){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data13 < 0 || isNaN(data13)){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid3 = _errs28 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/counters",schemaPath:"#/properties/counters/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid2 = _errs9 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.owners !== undefined){
let data14 = data.owners;
const _errs30 = errors;
if(errors === _errs30){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
const _errs32 = errors;
for(const key1 in data14){
if(!(func1.call(schema31.properties.owners.properties, key1))){
validate20.errors = [{instancePath:instancePath+"/owners",schemaPath:"#/properties/owners/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs32 === errors){
if(data14.accounts !== undefined){
let data15 = data14.accounts;
const _errs33 = errors;
if(errors === _errs33){
if(Array.isArray(data15)){
if(data15.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/accounts",schemaPath:"#/properties/owners/properties/accounts/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid5 = true;
const len0 = data15.length;
for(let i0=0; i0<len0; i0++){
let data16 = data15[i0];
const _errs35 = errors;
if(errors === _errs35){
if(Array.isArray(data16)){
if(data16.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0,schemaPath:"#/properties/owners/properties/accounts/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data16.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0,schemaPath:"#/properties/owners/properties/accounts/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len1 = data16.length;
if(len1 > 0){
let data17 = data16[0];
const _errs37 = errors;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0+"/0",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs37){
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 > 9007199254740991 || isNaN(data17)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0+"/0",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data17 < 1 || isNaN(data17)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0+"/0",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid6 = _errs37 === errors;
}
if(valid6){
if(len1 > 1){
let data18 = data16[1];
const _errs39 = errors;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0+"/1",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs39){
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 > 9007199254740991 || isNaN(data18)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0+"/1",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data18 < 1 || isNaN(data18)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0+"/1",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid6 = _errs39 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i0,schemaPath:"#/properties/owners/properties/accounts/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid5 = _errs35 === errors;
if(!valid5){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/accounts",schemaPath:"#/properties/owners/properties/accounts/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs33 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.registrations !== undefined){
let data19 = data14.registrations;
const _errs41 = errors;
if(errors === _errs41){
if(Array.isArray(data19)){
if(data19.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/registrations",schemaPath:"#/properties/owners/properties/registrations/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid7 = true;
const len2 = data19.length;
for(let i1=0; i1<len2; i1++){
let data20 = data19[i1];
const _errs43 = errors;
if(errors === _errs43){
if(Array.isArray(data20)){
if(data20.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1,schemaPath:"#/properties/owners/properties/registrations/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data20.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1,schemaPath:"#/properties/owners/properties/registrations/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len3 = data20.length;
if(len3 > 0){
let data21 = data20[0];
const _errs45 = errors;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1+"/0",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs45){
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 > 9007199254740991 || isNaN(data21)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1+"/0",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data21 < 1 || isNaN(data21)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1+"/0",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid8 = _errs45 === errors;
}
if(valid8){
if(len3 > 1){
let data22 = data20[1];
const _errs47 = errors;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1+"/1",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs47){
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 > 9007199254740991 || isNaN(data22)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1+"/1",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data22 < 1 || isNaN(data22)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1+"/1",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid8 = _errs47 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i1,schemaPath:"#/properties/owners/properties/registrations/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid7 = _errs43 === errors;
if(!valid7){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/registrations",schemaPath:"#/properties/owners/properties/registrations/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs41 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.companies !== undefined){
let data23 = data14.companies;
const _errs49 = errors;
if(errors === _errs49){
if(Array.isArray(data23)){
if(data23.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/companies",schemaPath:"#/properties/owners/properties/companies/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid9 = true;
const len4 = data23.length;
for(let i2=0; i2<len4; i2++){
let data24 = data23[i2];
const _errs51 = errors;
if(errors === _errs51){
if(Array.isArray(data24)){
if(data24.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2,schemaPath:"#/properties/owners/properties/companies/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data24.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2,schemaPath:"#/properties/owners/properties/companies/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len5 = data24.length;
if(len5 > 0){
let data25 = data24[0];
const _errs53 = errors;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2+"/0",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs53){
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 > 9007199254740991 || isNaN(data25)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2+"/0",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data25 < 1 || isNaN(data25)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2+"/0",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid10 = _errs53 === errors;
}
if(valid10){
if(len5 > 1){
let data26 = data24[1];
const _errs55 = errors;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2+"/1",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs55){
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 > 9007199254740991 || isNaN(data26)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2+"/1",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data26 < 1 || isNaN(data26)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2+"/1",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid10 = _errs55 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i2,schemaPath:"#/properties/owners/properties/companies/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid9 = _errs51 === errors;
if(!valid9){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/companies",schemaPath:"#/properties/owners/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs49 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.boards !== undefined){
let data27 = data14.boards;
const _errs57 = errors;
if(errors === _errs57){
if(Array.isArray(data27)){
if(data27.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/boards",schemaPath:"#/properties/owners/properties/boards/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid11 = true;
const len6 = data27.length;
for(let i3=0; i3<len6; i3++){
let data28 = data27[i3];
const _errs59 = errors;
if(errors === _errs59){
if(Array.isArray(data28)){
if(data28.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3,schemaPath:"#/properties/owners/properties/boards/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data28.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3,schemaPath:"#/properties/owners/properties/boards/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len7 = data28.length;
if(len7 > 0){
let data29 = data28[0];
const _errs61 = errors;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3+"/0",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs61){
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 > 9007199254740991 || isNaN(data29)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3+"/0",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data29 < 1 || isNaN(data29)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3+"/0",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid12 = _errs61 === errors;
}
if(valid12){
if(len7 > 1){
let data30 = data28[1];
const _errs63 = errors;
if(!(((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30))) && (isFinite(data30)))){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3+"/1",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs63){
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 > 9007199254740991 || isNaN(data30)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3+"/1",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data30 < 1 || isNaN(data30)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3+"/1",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid12 = _errs63 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i3,schemaPath:"#/properties/owners/properties/boards/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid11 = _errs59 === errors;
if(!valid11){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/boards",schemaPath:"#/properties/owners/properties/boards/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs57 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.tokens !== undefined){
let data31 = data14.tokens;
const _errs65 = errors;
if(errors === _errs65){
if(Array.isArray(data31)){
if(data31.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/tokens",schemaPath:"#/properties/owners/properties/tokens/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid13 = true;
const len8 = data31.length;
for(let i4=0; i4<len8; i4++){
let data32 = data31[i4];
const _errs67 = errors;
if(errors === _errs67){
if(Array.isArray(data32)){
if(data32.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4,schemaPath:"#/properties/owners/properties/tokens/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data32.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4,schemaPath:"#/properties/owners/properties/tokens/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len9 = data32.length;
if(len9 > 0){
let data33 = data32[0];
const _errs69 = errors;
if(errors === _errs69){
if(typeof data33 === "string"){
if(func3(data33) > 256){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4+"/0",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/0/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
else {
if(func3(data33) < 1){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4+"/0",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4+"/0",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/0/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid14 = _errs69 === errors;
}
if(valid14){
if(len9 > 1){
let data34 = data32[1];
const _errs71 = errors;
if(!(((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34))) && (isFinite(data34)))){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4+"/1",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs71){
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 > 9007199254740991 || isNaN(data34)){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4+"/1",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data34 < 1 || isNaN(data34)){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4+"/1",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid14 = _errs71 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i4,schemaPath:"#/properties/owners/properties/tokens/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid13 = _errs67 === errors;
if(!valid13){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/tokens",schemaPath:"#/properties/owners/properties/tokens/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs65 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.scenarios !== undefined){
let data35 = data14.scenarios;
const _errs73 = errors;
if(errors === _errs73){
if(Array.isArray(data35)){
if(data35.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios",schemaPath:"#/properties/owners/properties/scenarios/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid15 = true;
const len10 = data35.length;
for(let i5=0; i5<len10; i5++){
let data36 = data35[i5];
const _errs75 = errors;
if(errors === _errs75){
if(Array.isArray(data36)){
if(data36.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5,schemaPath:"#/properties/owners/properties/scenarios/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data36.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5,schemaPath:"#/properties/owners/properties/scenarios/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len11 = data36.length;
if(len11 > 0){
let data37 = data36[0];
const _errs77 = errors;
if(!(((typeof data37 == "number") && (!(data37 % 1) && !isNaN(data37))) && (isFinite(data37)))){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5+"/0",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs77){
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 > 9007199254740991 || isNaN(data37)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5+"/0",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data37 < 1 || isNaN(data37)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5+"/0",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid16 = _errs77 === errors;
}
if(valid16){
if(len11 > 1){
let data38 = data36[1];
const _errs79 = errors;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5+"/1",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs79){
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 > 9007199254740991 || isNaN(data38)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5+"/1",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data38 < 1 || isNaN(data38)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5+"/1",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid16 = _errs79 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i5,schemaPath:"#/properties/owners/properties/scenarios/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid15 = _errs75 === errors;
if(!valid15){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/scenarios",schemaPath:"#/properties/owners/properties/scenarios/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs73 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.cases !== undefined){
let data39 = data14.cases;
const _errs81 = errors;
if(errors === _errs81){
if(Array.isArray(data39)){
if(data39.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/cases",schemaPath:"#/properties/owners/properties/cases/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid17 = true;
const len12 = data39.length;
for(let i6=0; i6<len12; i6++){
let data40 = data39[i6];
const _errs83 = errors;
if(errors === _errs83){
if(Array.isArray(data40)){
if(data40.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6,schemaPath:"#/properties/owners/properties/cases/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data40.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6,schemaPath:"#/properties/owners/properties/cases/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len13 = data40.length;
if(len13 > 0){
let data41 = data40[0];
const _errs85 = errors;
if(!(((typeof data41 == "number") && (!(data41 % 1) && !isNaN(data41))) && (isFinite(data41)))){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6+"/0",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs85){
if((typeof data41 == "number") && (isFinite(data41))){
if(data41 > 9007199254740991 || isNaN(data41)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6+"/0",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data41 < 1 || isNaN(data41)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6+"/0",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid18 = _errs85 === errors;
}
if(valid18){
if(len13 > 1){
let data42 = data40[1];
const _errs87 = errors;
if(!(((typeof data42 == "number") && (!(data42 % 1) && !isNaN(data42))) && (isFinite(data42)))){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6+"/1",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs87){
if((typeof data42 == "number") && (isFinite(data42))){
if(data42 > 9007199254740991 || isNaN(data42)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6+"/1",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data42 < 1 || isNaN(data42)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6+"/1",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid18 = _errs87 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i6,schemaPath:"#/properties/owners/properties/cases/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid17 = _errs83 === errors;
if(!valid17){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/cases",schemaPath:"#/properties/owners/properties/cases/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs81 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.sessions !== undefined){
let data43 = data14.sessions;
const _errs89 = errors;
if(errors === _errs89){
if(Array.isArray(data43)){
if(data43.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/sessions",schemaPath:"#/properties/owners/properties/sessions/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid19 = true;
const len14 = data43.length;
for(let i7=0; i7<len14; i7++){
let data44 = data43[i7];
const _errs91 = errors;
if(errors === _errs91){
if(Array.isArray(data44)){
if(data44.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7,schemaPath:"#/properties/owners/properties/sessions/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data44.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7,schemaPath:"#/properties/owners/properties/sessions/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len15 = data44.length;
if(len15 > 0){
let data45 = data44[0];
const _errs93 = errors;
if(!(((typeof data45 == "number") && (!(data45 % 1) && !isNaN(data45))) && (isFinite(data45)))){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7+"/0",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs93){
if((typeof data45 == "number") && (isFinite(data45))){
if(data45 > 9007199254740991 || isNaN(data45)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7+"/0",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data45 < 1 || isNaN(data45)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7+"/0",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid20 = _errs93 === errors;
}
if(valid20){
if(len15 > 1){
let data46 = data44[1];
const _errs95 = errors;
if(!(((typeof data46 == "number") && (!(data46 % 1) && !isNaN(data46))) && (isFinite(data46)))){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7+"/1",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs95){
if((typeof data46 == "number") && (isFinite(data46))){
if(data46 > 9007199254740991 || isNaN(data46)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7+"/1",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data46 < 1 || isNaN(data46)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7+"/1",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid20 = _errs95 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i7,schemaPath:"#/properties/owners/properties/sessions/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid19 = _errs91 === errors;
if(!valid19){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/sessions",schemaPath:"#/properties/owners/properties/sessions/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs89 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.caseReports !== undefined){
let data47 = data14.caseReports;
const _errs97 = errors;
if(errors === _errs97){
if(Array.isArray(data47)){
if(data47.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports",schemaPath:"#/properties/owners/properties/caseReports/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid21 = true;
const len16 = data47.length;
for(let i8=0; i8<len16; i8++){
let data48 = data47[i8];
const _errs99 = errors;
if(errors === _errs99){
if(Array.isArray(data48)){
if(data48.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8,schemaPath:"#/properties/owners/properties/caseReports/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data48.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8,schemaPath:"#/properties/owners/properties/caseReports/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len17 = data48.length;
if(len17 > 0){
let data49 = data48[0];
const _errs101 = errors;
if(!(((typeof data49 == "number") && (!(data49 % 1) && !isNaN(data49))) && (isFinite(data49)))){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8+"/0",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs101){
if((typeof data49 == "number") && (isFinite(data49))){
if(data49 > 9007199254740991 || isNaN(data49)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8+"/0",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data49 < 1 || isNaN(data49)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8+"/0",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs101 === errors;
}
if(valid22){
if(len17 > 1){
let data50 = data48[1];
const _errs103 = errors;
if(!(((typeof data50 == "number") && (!(data50 % 1) && !isNaN(data50))) && (isFinite(data50)))){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8+"/1",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs103){
if((typeof data50 == "number") && (isFinite(data50))){
if(data50 > 9007199254740991 || isNaN(data50)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8+"/1",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data50 < 1 || isNaN(data50)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8+"/1",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs103 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i8,schemaPath:"#/properties/owners/properties/caseReports/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid21 = _errs99 === errors;
if(!valid21){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/caseReports",schemaPath:"#/properties/owners/properties/caseReports/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs97 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data14.tasks !== undefined){
let data51 = data14.tasks;
const _errs105 = errors;
if(errors === _errs105){
if(Array.isArray(data51)){
if(data51.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/tasks",schemaPath:"#/properties/owners/properties/tasks/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid23 = true;
const len18 = data51.length;
for(let i9=0; i9<len18; i9++){
let data52 = data51[i9];
const _errs107 = errors;
if(errors === _errs107){
if(Array.isArray(data52)){
if(data52.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9,schemaPath:"#/properties/owners/properties/tasks/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data52.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9,schemaPath:"#/properties/owners/properties/tasks/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len19 = data52.length;
if(len19 > 0){
let data53 = data52[0];
const _errs109 = errors;
if(!(((typeof data53 == "number") && (!(data53 % 1) && !isNaN(data53))) && (isFinite(data53)))){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9+"/0",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs109){
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 > 9007199254740991 || isNaN(data53)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9+"/0",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data53 < 1 || isNaN(data53)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9+"/0",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid24 = _errs109 === errors;
}
if(valid24){
if(len19 > 1){
let data54 = data52[1];
const _errs111 = errors;
if(!(((typeof data54 == "number") && (!(data54 % 1) && !isNaN(data54))) && (isFinite(data54)))){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9+"/1",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/1/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs111){
if((typeof data54 == "number") && (isFinite(data54))){
if(data54 > 9007199254740991 || isNaN(data54)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9+"/1",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data54 < 1 || isNaN(data54)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9+"/1",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid24 = _errs111 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i9,schemaPath:"#/properties/owners/properties/tasks/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid23 = _errs107 === errors;
if(!valid23){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/tasks",schemaPath:"#/properties/owners/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs105 === errors;
}
else {
var valid4 = true;
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners",schemaPath:"#/properties/owners/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid2 = _errs30 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.accounts !== undefined){
let data55 = data.accounts;
const _errs113 = errors;
if(errors === _errs113){
if(Array.isArray(data55)){
if(data55.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/accounts",schemaPath:"#/properties/accounts/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid25 = true;
const len20 = data55.length;
for(let i10=0; i10<len20; i10++){
let data56 = data55[i10];
const _errs115 = errors;
if(errors === _errs115){
if(data56 && typeof data56 == "object" && !Array.isArray(data56)){
let missing3;
if((((((((data56.id === undefined) && (missing3 = "id")) || ((data56.username === undefined) && (missing3 = "username"))) || ((data56.email === undefined) && (missing3 = "email"))) || ((data56.first_name === undefined) && (missing3 = "first_name"))) || ((data56.last_name === undefined) && (missing3 = "last_name"))) || ((data56.description === undefined) && (missing3 = "description"))) || ((data56.passwordHash === undefined) && (missing3 = "passwordHash"))){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10,schemaPath:"#/properties/accounts/items/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
if(data56.id !== undefined){
let data57 = data56.id;
const _errs117 = errors;
if(!(((typeof data57 == "number") && (!(data57 % 1) && !isNaN(data57))) && (isFinite(data57)))){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/id",schemaPath:"#/properties/accounts/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs117){
if((typeof data57 == "number") && (isFinite(data57))){
if(data57 > 9007199254740991 || isNaN(data57)){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/id",schemaPath:"#/properties/accounts/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data57 < 1 || isNaN(data57)){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/id",schemaPath:"#/properties/accounts/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid26 = _errs117 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data56.username !== undefined){
let data58 = data56.username;
const _errs119 = errors;
if(errors === _errs119){
if(typeof data58 === "string"){
if(func3(data58) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/username",schemaPath:"#/properties/accounts/items/properties/username/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/username",schemaPath:"#/properties/accounts/items/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid26 = _errs119 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data56.email !== undefined){
let data59 = data56.email;
const _errs121 = errors;
if(errors === _errs121){
if(typeof data59 === "string"){
if(func3(data59) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/email",schemaPath:"#/properties/accounts/items/properties/email/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/email",schemaPath:"#/properties/accounts/items/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid26 = _errs121 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data56.first_name !== undefined){
let data60 = data56.first_name;
const _errs123 = errors;
if(errors === _errs123){
if(typeof data60 === "string"){
if(func3(data60) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/first_name",schemaPath:"#/properties/accounts/items/properties/first_name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/first_name",schemaPath:"#/properties/accounts/items/properties/first_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid26 = _errs123 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data56.last_name !== undefined){
let data61 = data56.last_name;
const _errs125 = errors;
if(errors === _errs125){
if(typeof data61 === "string"){
if(func3(data61) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/last_name",schemaPath:"#/properties/accounts/items/properties/last_name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/last_name",schemaPath:"#/properties/accounts/items/properties/last_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid26 = _errs125 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data56.description !== undefined){
let data62 = data56.description;
const _errs127 = errors;
if(errors === _errs127){
if(typeof data62 === "string"){
if(func3(data62) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/description",schemaPath:"#/properties/accounts/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/description",schemaPath:"#/properties/accounts/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid26 = _errs127 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data56.passwordHash !== undefined){
let data63 = data56.passwordHash;
const _errs129 = errors;
if(errors === _errs129){
if(typeof data63 === "string"){
if(func3(data63) > 1024){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/passwordHash",schemaPath:"#/properties/accounts/items/properties/passwordHash/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/passwordHash",schemaPath:"#/properties/accounts/items/properties/passwordHash/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid26 = _errs129 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data56.totpSecret !== undefined){
let data64 = data56.totpSecret;
const _errs131 = errors;
if(errors === _errs131){
if(typeof data64 === "string"){
if(func3(data64) > 256){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/totpSecret",schemaPath:"#/properties/accounts/items/properties/totpSecret/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10+"/totpSecret",schemaPath:"#/properties/accounts/items/properties/totpSecret/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid26 = _errs131 === errors;
}
else {
var valid26 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i10,schemaPath:"#/properties/accounts/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid25 = _errs115 === errors;
if(!valid25){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts",schemaPath:"#/properties/accounts/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs113 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.registrations !== undefined){
let data65 = data.registrations;
const _errs133 = errors;
if(errors === _errs133){
if(Array.isArray(data65)){
if(data65.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/registrations",schemaPath:"#/properties/registrations/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid27 = true;
const len21 = data65.length;
for(let i11=0; i11<len21; i11++){
let data66 = data65[i11];
const _errs135 = errors;
if(errors === _errs135){
if(data66 && typeof data66 == "object" && !Array.isArray(data66)){
let missing4;
if(((((data66.accountId === undefined) && (missing4 = "accountId")) || ((data66.atMs === undefined) && (missing4 = "atMs"))) || ((data66.client === undefined) && (missing4 = "client"))) || ((data66.used === undefined) && (missing4 = "used"))){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11,schemaPath:"#/properties/registrations/items/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'"}];
return false;
}
else {
if(data66.accountId !== undefined){
let data67 = data66.accountId;
const _errs137 = errors;
if(!(((typeof data67 == "number") && (!(data67 % 1) && !isNaN(data67))) && (isFinite(data67)))){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/accountId",schemaPath:"#/properties/registrations/items/properties/accountId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs137){
if((typeof data67 == "number") && (isFinite(data67))){
if(data67 > 9007199254740991 || isNaN(data67)){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/accountId",schemaPath:"#/properties/registrations/items/properties/accountId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data67 < 1 || isNaN(data67)){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/accountId",schemaPath:"#/properties/registrations/items/properties/accountId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid28 = _errs137 === errors;
}
else {
var valid28 = true;
}
if(valid28){
if(data66.atMs !== undefined){
let data68 = data66.atMs;
const _errs139 = errors;
if(!(((typeof data68 == "number") && (!(data68 % 1) && !isNaN(data68))) && (isFinite(data68)))){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/atMs",schemaPath:"#/properties/registrations/items/properties/atMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs139){
if((typeof data68 == "number") && (isFinite(data68))){
if(data68 > 9007199254740991 || isNaN(data68)){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/atMs",schemaPath:"#/properties/registrations/items/properties/atMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data68 < 0 || isNaN(data68)){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/atMs",schemaPath:"#/properties/registrations/items/properties/atMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid28 = _errs139 === errors;
}
else {
var valid28 = true;
}
if(valid28){
if(data66.client !== undefined){
let data69 = data66.client;
const _errs141 = errors;
if(errors === _errs141){
if(typeof data69 === "string"){
if(func3(data69) > 256){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/client",schemaPath:"#/properties/registrations/items/properties/client/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/client",schemaPath:"#/properties/registrations/items/properties/client/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid28 = _errs141 === errors;
}
else {
var valid28 = true;
}
if(valid28){
if(data66.used !== undefined){
const _errs143 = errors;
if(typeof data66.used !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11+"/used",schemaPath:"#/properties/registrations/items/properties/used/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid28 = _errs143 === errors;
}
else {
var valid28 = true;
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/registrations/" + i11,schemaPath:"#/properties/registrations/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid27 = _errs135 === errors;
if(!valid27){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/registrations",schemaPath:"#/properties/registrations/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs133 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.companies !== undefined){
let data71 = data.companies;
const _errs145 = errors;
if(errors === _errs145){
if(Array.isArray(data71)){
if(data71.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/companies",schemaPath:"#/properties/companies/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid29 = true;
const len22 = data71.length;
for(let i12=0; i12<len22; i12++){
let data72 = data71[i12];
const _errs147 = errors;
if(errors === _errs147){
if(data72 && typeof data72 == "object" && !Array.isArray(data72)){
let missing5;
if((((data72.id === undefined) && (missing5 = "id")) || ((data72.name === undefined) && (missing5 = "name"))) || ((data72.members === undefined) && (missing5 = "members"))){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12,schemaPath:"#/properties/companies/items/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'"}];
return false;
}
else {
if(data72.id !== undefined){
let data73 = data72.id;
const _errs149 = errors;
if(!(((typeof data73 == "number") && (!(data73 % 1) && !isNaN(data73))) && (isFinite(data73)))){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/id",schemaPath:"#/properties/companies/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs149){
if((typeof data73 == "number") && (isFinite(data73))){
if(data73 > 9007199254740991 || isNaN(data73)){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/id",schemaPath:"#/properties/companies/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data73 < 1 || isNaN(data73)){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/id",schemaPath:"#/properties/companies/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid30 = _errs149 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data72.name !== undefined){
let data74 = data72.name;
const _errs151 = errors;
if(errors === _errs151){
if(typeof data74 === "string"){
if(func3(data74) > 10000){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/name",schemaPath:"#/properties/companies/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/name",schemaPath:"#/properties/companies/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid30 = _errs151 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data72.members !== undefined){
let data75 = data72.members;
const _errs153 = errors;
if(errors === _errs153){
if(Array.isArray(data75)){
if(data75.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members",schemaPath:"#/properties/companies/items/properties/members/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid31 = true;
const len23 = data75.length;
for(let i13=0; i13<len23; i13++){
let data76 = data75[i13];
const _errs155 = errors;
if(errors === _errs155){
if(Array.isArray(data76)){
if(data76.length > 2){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members/" + i13,schemaPath:"#/properties/companies/items/properties/members/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data76.length < 2){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members/" + i13,schemaPath:"#/properties/companies/items/properties/members/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len24 = data76.length;
if(len24 > 0){
let data77 = data76[0];
const _errs157 = errors;
if(!(((typeof data77 == "number") && (!(data77 % 1) && !isNaN(data77))) && (isFinite(data77)))){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members/" + i13+"/0",schemaPath:"#/properties/companies/items/properties/members/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs157){
if((typeof data77 == "number") && (isFinite(data77))){
if(data77 > 9007199254740991 || isNaN(data77)){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members/" + i13+"/0",schemaPath:"#/properties/companies/items/properties/members/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data77 < 1 || isNaN(data77)){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members/" + i13+"/0",schemaPath:"#/properties/companies/items/properties/members/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid32 = _errs157 === errors;
}
if(valid32){
if(len24 > 1){
let data78 = data76[1];
const _errs159 = errors;
if(!(((data78 === "owner") || (data78 === "qa")) || (data78 === "viewer"))){
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members/" + i13+"/1",schemaPath:"#/properties/companies/items/properties/members/items/prefixItems/1/enum",keyword:"enum",params:{allowedValues: schema31.properties.companies.items.properties.members.items.prefixItems[1].enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid32 = _errs159 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members/" + i13,schemaPath:"#/properties/companies/items/properties/members/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid31 = _errs155 === errors;
if(!valid31){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies/" + i12+"/members",schemaPath:"#/properties/companies/items/properties/members/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid30 = _errs153 === errors;
}
else {
var valid30 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies/" + i12,schemaPath:"#/properties/companies/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid29 = _errs147 === errors;
if(!valid29){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies",schemaPath:"#/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs145 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.boards !== undefined){
let data79 = data.boards;
const _errs160 = errors;
if(errors === _errs160){
if(Array.isArray(data79)){
if(data79.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/boards",schemaPath:"#/properties/boards/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid33 = true;
const len25 = data79.length;
for(let i14=0; i14<len25; i14++){
let data80 = data79[i14];
const _errs162 = errors;
if(errors === _errs162){
if(data80 && typeof data80 == "object" && !Array.isArray(data80)){
let missing6;
if(((((data80.id === undefined) && (missing6 = "id")) || ((data80.companyId === undefined) && (missing6 = "companyId"))) || ((data80.name === undefined) && (missing6 = "name"))) || ((data80.columns === undefined) && (missing6 = "columns"))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14,schemaPath:"#/properties/boards/items/required",keyword:"required",params:{missingProperty: missing6},message:"must have required property '"+missing6+"'"}];
return false;
}
else {
if(data80.id !== undefined){
let data81 = data80.id;
const _errs164 = errors;
if(!(((typeof data81 == "number") && (!(data81 % 1) && !isNaN(data81))) && (isFinite(data81)))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/id",schemaPath:"#/properties/boards/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs164){
if((typeof data81 == "number") && (isFinite(data81))){
if(data81 > 9007199254740991 || isNaN(data81)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/id",schemaPath:"#/properties/boards/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data81 < 1 || isNaN(data81)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/id",schemaPath:"#/properties/boards/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid34 = _errs164 === errors;
}
else {
var valid34 = true;
}
if(valid34){
if(data80.companyId !== undefined){
let data82 = data80.companyId;
const _errs166 = errors;
if(!(((typeof data82 == "number") && (!(data82 % 1) && !isNaN(data82))) && (isFinite(data82)))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/companyId",schemaPath:"#/properties/boards/items/properties/companyId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs166){
if((typeof data82 == "number") && (isFinite(data82))){
if(data82 > 9007199254740991 || isNaN(data82)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/companyId",schemaPath:"#/properties/boards/items/properties/companyId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data82 < 1 || isNaN(data82)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/companyId",schemaPath:"#/properties/boards/items/properties/companyId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid34 = _errs166 === errors;
}
else {
var valid34 = true;
}
if(valid34){
if(data80.name !== undefined){
let data83 = data80.name;
const _errs168 = errors;
if(errors === _errs168){
if(typeof data83 === "string"){
if(func3(data83) > 10000){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/name",schemaPath:"#/properties/boards/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/name",schemaPath:"#/properties/boards/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid34 = _errs168 === errors;
}
else {
var valid34 = true;
}
if(valid34){
if(data80.columns !== undefined){
let data84 = data80.columns;
const _errs170 = errors;
if(errors === _errs170){
if(Array.isArray(data84)){
if(data84.length > 1000){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns",schemaPath:"#/properties/boards/items/properties/columns/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"}];
return false;
}
else {
var valid35 = true;
const len26 = data84.length;
for(let i15=0; i15<len26; i15++){
let data85 = data84[i15];
const _errs172 = errors;
if(errors === _errs172){
if(data85 && typeof data85 == "object" && !Array.isArray(data85)){
let missing7;
if((((data85.id === undefined) && (missing7 = "id")) || ((data85.name === undefined) && (missing7 = "name"))) || ((data85.kind === undefined) && (missing7 = "kind"))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns/" + i15,schemaPath:"#/properties/boards/items/properties/columns/items/required",keyword:"required",params:{missingProperty: missing7},message:"must have required property '"+missing7+"'"}];
return false;
}
else {
if(data85.id !== undefined){
let data86 = data85.id;
const _errs174 = errors;
if(!(((typeof data86 == "number") && (!(data86 % 1) && !isNaN(data86))) && (isFinite(data86)))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns/" + i15+"/id",schemaPath:"#/properties/boards/items/properties/columns/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs174){
if((typeof data86 == "number") && (isFinite(data86))){
if(data86 > 9007199254740991 || isNaN(data86)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns/" + i15+"/id",schemaPath:"#/properties/boards/items/properties/columns/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data86 < 1 || isNaN(data86)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns/" + i15+"/id",schemaPath:"#/properties/boards/items/properties/columns/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid36 = _errs174 === errors;
}
else {
var valid36 = true;
}
if(valid36){
if(data85.name !== undefined){
let data87 = data85.name;
const _errs176 = errors;
if(errors === _errs176){
if(typeof data87 === "string"){
if(func3(data87) > 10000){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns/" + i15+"/name",schemaPath:"#/properties/boards/items/properties/columns/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns/" + i15+"/name",schemaPath:"#/properties/boards/items/properties/columns/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid36 = _errs176 === errors;
}
else {
var valid36 = true;
}
if(valid36){
if(data85.kind !== undefined){
let data88 = data85.kind;
const _errs178 = errors;
if(!((((data88 === "backlog") || (data88 === "todo")) || (data88 === "in_progress")) || (data88 === "done"))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns/" + i15+"/kind",schemaPath:"#/properties/boards/items/properties/columns/items/properties/kind/enum",keyword:"enum",params:{allowedValues: schema31.properties.boards.items.properties.columns.items.properties.kind.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid36 = _errs178 === errors;
}
else {
var valid36 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns/" + i15,schemaPath:"#/properties/boards/items/properties/columns/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid35 = _errs172 === errors;
if(!valid35){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i14+"/columns",schemaPath:"#/properties/boards/items/properties/columns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid34 = _errs170 === errors;
}
else {
var valid34 = true;
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i14,schemaPath:"#/properties/boards/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid33 = _errs162 === errors;
if(!valid33){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards",schemaPath:"#/properties/boards/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs160 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.tokens !== undefined){
let data89 = data.tokens;
const _errs179 = errors;
if(errors === _errs179){
if(Array.isArray(data89)){
if(data89.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid37 = true;
const len27 = data89.length;
for(let i16=0; i16<len27; i16++){
let data90 = data89[i16];
const _errs181 = errors;
if(errors === _errs181){
if(data90 && typeof data90 == "object" && !Array.isArray(data90)){
let missing8;
if(((((((((data90.key === undefined) && (missing8 = "key")) || ((data90.accountId === undefined) && (missing8 = "accountId"))) || ((data90.title === undefined) && (missing8 = "title"))) || ((data90.is_active === undefined) && (missing8 = "is_active"))) || ((data90.metadata === undefined) && (missing8 = "metadata"))) || ((data90.expires_at === undefined) && (missing8 = "expires_at"))) || ((data90.created_at === undefined) && (missing8 = "created_at"))) || ((data90.secretHash === undefined) && (missing8 = "secretHash"))){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16,schemaPath:"#/properties/tokens/items/required",keyword:"required",params:{missingProperty: missing8},message:"must have required property '"+missing8+"'"}];
return false;
}
else {
if(data90.key !== undefined){
let data91 = data90.key;
const _errs183 = errors;
if(errors === _errs183){
if(typeof data91 === "string"){
if(func3(data91) > 256){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/key",schemaPath:"#/properties/tokens/items/properties/key/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
else {
if(func3(data91) < 1){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/key",schemaPath:"#/properties/tokens/items/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/key",schemaPath:"#/properties/tokens/items/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs183 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data90.accountId !== undefined){
let data92 = data90.accountId;
const _errs185 = errors;
if(!(((typeof data92 == "number") && (!(data92 % 1) && !isNaN(data92))) && (isFinite(data92)))){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/accountId",schemaPath:"#/properties/tokens/items/properties/accountId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs185){
if((typeof data92 == "number") && (isFinite(data92))){
if(data92 > 9007199254740991 || isNaN(data92)){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/accountId",schemaPath:"#/properties/tokens/items/properties/accountId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data92 < 1 || isNaN(data92)){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/accountId",schemaPath:"#/properties/tokens/items/properties/accountId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid38 = _errs185 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data90.title !== undefined){
let data93 = data90.title;
const _errs187 = errors;
if(errors === _errs187){
if(typeof data93 === "string"){
if(func3(data93) > 10000){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/title",schemaPath:"#/properties/tokens/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/title",schemaPath:"#/properties/tokens/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs187 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data90.is_active !== undefined){
const _errs189 = errors;
if(typeof data90.is_active !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/is_active",schemaPath:"#/properties/tokens/items/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid38 = _errs189 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data90.metadata !== undefined){
let data95 = data90.metadata;
const _errs191 = errors;
if(!(data95 && typeof data95 == "object" && !Array.isArray(data95))){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/metadata",schemaPath:"#/properties/tokens/items/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
var valid38 = _errs191 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data90.expires_at !== undefined){
let data96 = data90.expires_at;
const _errs193 = errors;
if((typeof data96 !== "string") && (data96 !== null)){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/expires_at",schemaPath:"#/properties/tokens/items/properties/expires_at/type",keyword:"type",params:{type: schema31.properties.tokens.items.properties.expires_at.type},message:"must be string,null"}];
return false;
}
if(errors === _errs193){
if(typeof data96 === "string"){
if(func3(data96) > 64){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/expires_at",schemaPath:"#/properties/tokens/items/properties/expires_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
}
var valid38 = _errs193 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data90.created_at !== undefined){
let data97 = data90.created_at;
const _errs195 = errors;
if(errors === _errs195){
if(typeof data97 === "string"){
if(func3(data97) > 64){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/created_at",schemaPath:"#/properties/tokens/items/properties/created_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/created_at",schemaPath:"#/properties/tokens/items/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs195 === errors;
}
else {
var valid38 = true;
}
if(valid38){
if(data90.secretHash !== undefined){
let data98 = data90.secretHash;
const _errs197 = errors;
if(errors === _errs197){
if(typeof data98 === "string"){
if(!pattern4.test(data98)){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/secretHash",schemaPath:"#/properties/tokens/items/properties/secretHash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16+"/secretHash",schemaPath:"#/properties/tokens/items/properties/secretHash/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs197 === errors;
}
else {
var valid38 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i16,schemaPath:"#/properties/tokens/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid37 = _errs181 === errors;
if(!valid37){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs179 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.scenarios !== undefined){
let data99 = data.scenarios;
const _errs199 = errors;
if(errors === _errs199){
if(Array.isArray(data99)){
if(data99.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/scenarios",schemaPath:"#/properties/scenarios/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid39 = true;
const len28 = data99.length;
for(let i17=0; i17<len28; i17++){
let data100 = data99[i17];
const _errs201 = errors;
if(errors === _errs201){
if(data100 && typeof data100 == "object" && !Array.isArray(data100)){
let missing9;
if((((((data100.id === undefined) && (missing9 = "id")) || ((data100.boardId === undefined) && (missing9 = "boardId"))) || ((data100.title === undefined) && (missing9 = "title"))) || ((data100.parent_id === undefined) && (missing9 = "parent_id"))) || ((data100.position === undefined) && (missing9 = "position"))){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17,schemaPath:"#/properties/scenarios/items/required",keyword:"required",params:{missingProperty: missing9},message:"must have required property '"+missing9+"'"}];
return false;
}
else {
if(data100.id !== undefined){
let data101 = data100.id;
const _errs203 = errors;
if(!(((typeof data101 == "number") && (!(data101 % 1) && !isNaN(data101))) && (isFinite(data101)))){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/id",schemaPath:"#/properties/scenarios/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs203){
if((typeof data101 == "number") && (isFinite(data101))){
if(data101 > 9007199254740991 || isNaN(data101)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/id",schemaPath:"#/properties/scenarios/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data101 < 1 || isNaN(data101)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/id",schemaPath:"#/properties/scenarios/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid40 = _errs203 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data100.boardId !== undefined){
let data102 = data100.boardId;
const _errs205 = errors;
if(!(((typeof data102 == "number") && (!(data102 % 1) && !isNaN(data102))) && (isFinite(data102)))){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/boardId",schemaPath:"#/properties/scenarios/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs205){
if((typeof data102 == "number") && (isFinite(data102))){
if(data102 > 9007199254740991 || isNaN(data102)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/boardId",schemaPath:"#/properties/scenarios/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data102 < 1 || isNaN(data102)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/boardId",schemaPath:"#/properties/scenarios/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid40 = _errs205 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data100.title !== undefined){
let data103 = data100.title;
const _errs207 = errors;
if(errors === _errs207){
if(typeof data103 === "string"){
if(func3(data103) > 10000){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/title",schemaPath:"#/properties/scenarios/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/title",schemaPath:"#/properties/scenarios/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid40 = _errs207 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data100.parent_id !== undefined){
let data104 = data100.parent_id;
const _errs209 = errors;
if((!(((typeof data104 == "number") && (!(data104 % 1) && !isNaN(data104))) && (isFinite(data104)))) && (data104 !== null)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/parent_id",schemaPath:"#/properties/scenarios/items/properties/parent_id/type",keyword:"type",params:{type: schema31.properties.scenarios.items.properties.parent_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs209){
if((typeof data104 == "number") && (isFinite(data104))){
if(data104 > 9007199254740991 || isNaN(data104)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/parent_id",schemaPath:"#/properties/scenarios/items/properties/parent_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data104 < 1 || isNaN(data104)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/parent_id",schemaPath:"#/properties/scenarios/items/properties/parent_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid40 = _errs209 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data100.position !== undefined){
let data105 = data100.position;
const _errs211 = errors;
if((!(((typeof data105 == "number") && (!(data105 % 1) && !isNaN(data105))) && (isFinite(data105)))) && (data105 !== null)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17+"/position",schemaPath:"#/properties/scenarios/items/properties/position/type",keyword:"type",params:{type: schema31.properties.scenarios.items.properties.position.type},message:"must be integer,null"}];
return false;
}
var valid40 = _errs211 === errors;
}
else {
var valid40 = true;
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i17,schemaPath:"#/properties/scenarios/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid39 = _errs201 === errors;
if(!valid39){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/scenarios",schemaPath:"#/properties/scenarios/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs199 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.cases !== undefined){
let data106 = data.cases;
const _errs213 = errors;
if(errors === _errs213){
if(Array.isArray(data106)){
if(data106.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/cases",schemaPath:"#/properties/cases/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid41 = true;
const len29 = data106.length;
for(let i18=0; i18<len29; i18++){
let data107 = data106[i18];
const _errs215 = errors;
if(errors === _errs215){
if(data107 && typeof data107 == "object" && !Array.isArray(data107)){
let missing10;
if((((((((data107.id === undefined) && (missing10 = "id")) || ((data107.boardId === undefined) && (missing10 = "boardId"))) || ((data107.scenarioId === undefined) && (missing10 = "scenarioId"))) || ((data107.title === undefined) && (missing10 = "title"))) || ((data107.description === undefined) && (missing10 = "description"))) || ((data107.steps_to_reproduce === undefined) && (missing10 = "steps_to_reproduce"))) || ((data107.expected_result === undefined) && (missing10 = "expected_result"))){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18,schemaPath:"#/properties/cases/items/required",keyword:"required",params:{missingProperty: missing10},message:"must have required property '"+missing10+"'"}];
return false;
}
else {
if(data107.id !== undefined){
let data108 = data107.id;
const _errs217 = errors;
if(!(((typeof data108 == "number") && (!(data108 % 1) && !isNaN(data108))) && (isFinite(data108)))){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/id",schemaPath:"#/properties/cases/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs217){
if((typeof data108 == "number") && (isFinite(data108))){
if(data108 > 9007199254740991 || isNaN(data108)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/id",schemaPath:"#/properties/cases/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data108 < 1 || isNaN(data108)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/id",schemaPath:"#/properties/cases/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid42 = _errs217 === errors;
}
else {
var valid42 = true;
}
if(valid42){
if(data107.boardId !== undefined){
let data109 = data107.boardId;
const _errs219 = errors;
if(!(((typeof data109 == "number") && (!(data109 % 1) && !isNaN(data109))) && (isFinite(data109)))){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/boardId",schemaPath:"#/properties/cases/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs219){
if((typeof data109 == "number") && (isFinite(data109))){
if(data109 > 9007199254740991 || isNaN(data109)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/boardId",schemaPath:"#/properties/cases/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data109 < 1 || isNaN(data109)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/boardId",schemaPath:"#/properties/cases/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid42 = _errs219 === errors;
}
else {
var valid42 = true;
}
if(valid42){
if(data107.scenarioId !== undefined){
let data110 = data107.scenarioId;
const _errs221 = errors;
if(!(((typeof data110 == "number") && (!(data110 % 1) && !isNaN(data110))) && (isFinite(data110)))){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/scenarioId",schemaPath:"#/properties/cases/items/properties/scenarioId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs221){
if((typeof data110 == "number") && (isFinite(data110))){
if(data110 > 9007199254740991 || isNaN(data110)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/scenarioId",schemaPath:"#/properties/cases/items/properties/scenarioId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data110 < 1 || isNaN(data110)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/scenarioId",schemaPath:"#/properties/cases/items/properties/scenarioId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid42 = _errs221 === errors;
}
else {
var valid42 = true;
}
if(valid42){
if(data107.title !== undefined){
let data111 = data107.title;
const _errs223 = errors;
if(errors === _errs223){
if(typeof data111 === "string"){
if(func3(data111) > 10000){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/title",schemaPath:"#/properties/cases/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/title",schemaPath:"#/properties/cases/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid42 = _errs223 === errors;
}
else {
var valid42 = true;
}
if(valid42){
if(data107.description !== undefined){
let data112 = data107.description;
const _errs225 = errors;
if(errors === _errs225){
if(typeof data112 === "string"){
if(func3(data112) > 10000){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/description",schemaPath:"#/properties/cases/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/description",schemaPath:"#/properties/cases/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid42 = _errs225 === errors;
}
else {
var valid42 = true;
}
if(valid42){
if(data107.steps_to_reproduce !== undefined){
let data113 = data107.steps_to_reproduce;
const _errs227 = errors;
if(errors === _errs227){
if(typeof data113 === "string"){
if(func3(data113) > 10000){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/steps_to_reproduce",schemaPath:"#/properties/cases/items/properties/steps_to_reproduce/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/steps_to_reproduce",schemaPath:"#/properties/cases/items/properties/steps_to_reproduce/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid42 = _errs227 === errors;
}
else {
var valid42 = true;
}
if(valid42){
if(data107.expected_result !== undefined){
let data114 = data107.expected_result;
const _errs229 = errors;
if(errors === _errs229){
if(typeof data114 === "string"){
if(func3(data114) > 10000){
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/expected_result",schemaPath:"#/properties/cases/items/properties/expected_result/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i18+"/expected_result",schemaPath:"#/properties/cases/items/properties/expected_result/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid42 = _errs229 === errors;
}
else {
var valid42 = true;
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i18,schemaPath:"#/properties/cases/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid41 = _errs215 === errors;
if(!valid41){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases",schemaPath:"#/properties/cases/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs213 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.sessions !== undefined){
let data115 = data.sessions;
const _errs231 = errors;
if(errors === _errs231){
if(Array.isArray(data115)){
if(data115.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/sessions",schemaPath:"#/properties/sessions/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid43 = true;
const len30 = data115.length;
for(let i19=0; i19<len30; i19++){
let data116 = data115[i19];
const _errs233 = errors;
if(errors === _errs233){
if(data116 && typeof data116 == "object" && !Array.isArray(data116)){
let missing11;
if(((((((((data116.id === undefined) && (missing11 = "id")) || ((data116.boardId === undefined) && (missing11 = "boardId"))) || ((data116.scenarioId === undefined) && (missing11 = "scenarioId"))) || ((data116.title === undefined) && (missing11 = "title"))) || ((data116.is_active === undefined) && (missing11 = "is_active"))) || ((data116.reportIds === undefined) && (missing11 = "reportIds"))) || ((data116.started_at === undefined) && (missing11 = "started_at"))) || ((data116.finished_at === undefined) && (missing11 = "finished_at"))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19,schemaPath:"#/properties/sessions/items/required",keyword:"required",params:{missingProperty: missing11},message:"must have required property '"+missing11+"'"}];
return false;
}
else {
if(data116.id !== undefined){
let data117 = data116.id;
const _errs235 = errors;
if(!(((typeof data117 == "number") && (!(data117 % 1) && !isNaN(data117))) && (isFinite(data117)))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/id",schemaPath:"#/properties/sessions/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs235){
if((typeof data117 == "number") && (isFinite(data117))){
if(data117 > 9007199254740991 || isNaN(data117)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/id",schemaPath:"#/properties/sessions/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data117 < 1 || isNaN(data117)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/id",schemaPath:"#/properties/sessions/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid44 = _errs235 === errors;
}
else {
var valid44 = true;
}
if(valid44){
if(data116.boardId !== undefined){
let data118 = data116.boardId;
const _errs237 = errors;
if(!(((typeof data118 == "number") && (!(data118 % 1) && !isNaN(data118))) && (isFinite(data118)))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/boardId",schemaPath:"#/properties/sessions/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs237){
if((typeof data118 == "number") && (isFinite(data118))){
if(data118 > 9007199254740991 || isNaN(data118)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/boardId",schemaPath:"#/properties/sessions/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data118 < 1 || isNaN(data118)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/boardId",schemaPath:"#/properties/sessions/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid44 = _errs237 === errors;
}
else {
var valid44 = true;
}
if(valid44){
if(data116.scenarioId !== undefined){
let data119 = data116.scenarioId;
const _errs239 = errors;
if(!(((typeof data119 == "number") && (!(data119 % 1) && !isNaN(data119))) && (isFinite(data119)))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/scenarioId",schemaPath:"#/properties/sessions/items/properties/scenarioId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs239){
if((typeof data119 == "number") && (isFinite(data119))){
if(data119 > 9007199254740991 || isNaN(data119)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/scenarioId",schemaPath:"#/properties/sessions/items/properties/scenarioId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data119 < 1 || isNaN(data119)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/scenarioId",schemaPath:"#/properties/sessions/items/properties/scenarioId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid44 = _errs239 === errors;
}
else {
var valid44 = true;
}
if(valid44){
if(data116.title !== undefined){
let data120 = data116.title;
const _errs241 = errors;
if(errors === _errs241){
if(typeof data120 === "string"){
if(func3(data120) > 10000){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/title",schemaPath:"#/properties/sessions/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/title",schemaPath:"#/properties/sessions/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid44 = _errs241 === errors;
}
else {
var valid44 = true;
}
if(valid44){
if(data116.is_active !== undefined){
const _errs243 = errors;
if(typeof data116.is_active !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/is_active",schemaPath:"#/properties/sessions/items/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid44 = _errs243 === errors;
}
else {
var valid44 = true;
}
if(valid44){
if(data116.reportIds !== undefined){
let data122 = data116.reportIds;
const _errs245 = errors;
if(errors === _errs245){
if(Array.isArray(data122)){
if(data122.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/reportIds",schemaPath:"#/properties/sessions/items/properties/reportIds/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid45 = true;
const len31 = data122.length;
for(let i20=0; i20<len31; i20++){
let data123 = data122[i20];
const _errs247 = errors;
if(!(((typeof data123 == "number") && (!(data123 % 1) && !isNaN(data123))) && (isFinite(data123)))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/reportIds/" + i20,schemaPath:"#/properties/sessions/items/properties/reportIds/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs247){
if((typeof data123 == "number") && (isFinite(data123))){
if(data123 > 9007199254740991 || isNaN(data123)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/reportIds/" + i20,schemaPath:"#/properties/sessions/items/properties/reportIds/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data123 < 1 || isNaN(data123)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/reportIds/" + i20,schemaPath:"#/properties/sessions/items/properties/reportIds/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid45 = _errs247 === errors;
if(!valid45){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/reportIds",schemaPath:"#/properties/sessions/items/properties/reportIds/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid44 = _errs245 === errors;
}
else {
var valid44 = true;
}
if(valid44){
if(data116.started_at !== undefined){
let data124 = data116.started_at;
const _errs249 = errors;
if(errors === _errs249){
if(typeof data124 === "string"){
if(func3(data124) > 64){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/started_at",schemaPath:"#/properties/sessions/items/properties/started_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/started_at",schemaPath:"#/properties/sessions/items/properties/started_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid44 = _errs249 === errors;
}
else {
var valid44 = true;
}
if(valid44){
if(data116.finished_at !== undefined){
let data125 = data116.finished_at;
const _errs251 = errors;
if((typeof data125 !== "string") && (data125 !== null)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/finished_at",schemaPath:"#/properties/sessions/items/properties/finished_at/type",keyword:"type",params:{type: schema31.properties.sessions.items.properties.finished_at.type},message:"must be string,null"}];
return false;
}
if(errors === _errs251){
if(typeof data125 === "string"){
if(func3(data125) > 64){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19+"/finished_at",schemaPath:"#/properties/sessions/items/properties/finished_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
}
var valid44 = _errs251 === errors;
}
else {
var valid44 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/sessions/" + i19,schemaPath:"#/properties/sessions/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid43 = _errs233 === errors;
if(!valid43){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/sessions",schemaPath:"#/properties/sessions/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs231 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.caseReports !== undefined){
let data126 = data.caseReports;
const _errs253 = errors;
if(errors === _errs253){
if(Array.isArray(data126)){
if(data126.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/caseReports",schemaPath:"#/properties/caseReports/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid46 = true;
const len32 = data126.length;
for(let i21=0; i21<len32; i21++){
let data127 = data126[i21];
const _errs255 = errors;
if(errors === _errs255){
if(data127 && typeof data127 == "object" && !Array.isArray(data127)){
let missing12;
if(((((((((data127.id === undefined) && (missing12 = "id")) || ((data127.sessionId === undefined) && (missing12 = "sessionId"))) || ((data127.caseId === undefined) && (missing12 = "caseId"))) || ((data127.status === undefined) && (missing12 = "status"))) || ((data127.actual_result === undefined) && (missing12 = "actual_result"))) || ((data127.severity === undefined) && (missing12 = "severity"))) || ((data127.priority === undefined) && (missing12 = "priority"))) || ((data127.task_id === undefined) && (missing12 = "task_id"))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21,schemaPath:"#/properties/caseReports/items/required",keyword:"required",params:{missingProperty: missing12},message:"must have required property '"+missing12+"'"}];
return false;
}
else {
if(data127.id !== undefined){
let data128 = data127.id;
const _errs257 = errors;
if(!(((typeof data128 == "number") && (!(data128 % 1) && !isNaN(data128))) && (isFinite(data128)))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/id",schemaPath:"#/properties/caseReports/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs257){
if((typeof data128 == "number") && (isFinite(data128))){
if(data128 > 9007199254740991 || isNaN(data128)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/id",schemaPath:"#/properties/caseReports/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data128 < 1 || isNaN(data128)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/id",schemaPath:"#/properties/caseReports/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid47 = _errs257 === errors;
}
else {
var valid47 = true;
}
if(valid47){
if(data127.sessionId !== undefined){
let data129 = data127.sessionId;
const _errs259 = errors;
if(!(((typeof data129 == "number") && (!(data129 % 1) && !isNaN(data129))) && (isFinite(data129)))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/sessionId",schemaPath:"#/properties/caseReports/items/properties/sessionId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs259){
if((typeof data129 == "number") && (isFinite(data129))){
if(data129 > 9007199254740991 || isNaN(data129)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/sessionId",schemaPath:"#/properties/caseReports/items/properties/sessionId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data129 < 1 || isNaN(data129)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/sessionId",schemaPath:"#/properties/caseReports/items/properties/sessionId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid47 = _errs259 === errors;
}
else {
var valid47 = true;
}
if(valid47){
if(data127.caseId !== undefined){
let data130 = data127.caseId;
const _errs261 = errors;
if(!(((typeof data130 == "number") && (!(data130 % 1) && !isNaN(data130))) && (isFinite(data130)))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/caseId",schemaPath:"#/properties/caseReports/items/properties/caseId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs261){
if((typeof data130 == "number") && (isFinite(data130))){
if(data130 > 9007199254740991 || isNaN(data130)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/caseId",schemaPath:"#/properties/caseReports/items/properties/caseId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data130 < 1 || isNaN(data130)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/caseId",schemaPath:"#/properties/caseReports/items/properties/caseId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid47 = _errs261 === errors;
}
else {
var valid47 = true;
}
if(valid47){
if(data127.status !== undefined){
let data131 = data127.status;
const _errs263 = errors;
if(!(((data131 === "pending") || (data131 === "done")) || (data131 === "bug"))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/status",schemaPath:"#/properties/caseReports/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema31.properties.caseReports.items.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid47 = _errs263 === errors;
}
else {
var valid47 = true;
}
if(valid47){
if(data127.actual_result !== undefined){
let data132 = data127.actual_result;
const _errs264 = errors;
if((typeof data132 !== "string") && (data132 !== null)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/actual_result",schemaPath:"#/properties/caseReports/items/properties/actual_result/type",keyword:"type",params:{type: schema31.properties.caseReports.items.properties.actual_result.type},message:"must be string,null"}];
return false;
}
if(errors === _errs264){
if(typeof data132 === "string"){
if(func3(data132) > 10000){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/actual_result",schemaPath:"#/properties/caseReports/items/properties/actual_result/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid47 = _errs264 === errors;
}
else {
var valid47 = true;
}
if(valid47){
if(data127.severity !== undefined){
let data133 = data127.severity;
const _errs266 = errors;
if((typeof data133 !== "string") && (data133 !== null)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/severity",schemaPath:"#/properties/caseReports/items/properties/severity/type",keyword:"type",params:{type: schema31.properties.caseReports.items.properties.severity.type},message:"must be string,null"}];
return false;
}
if(errors === _errs266){
if(typeof data133 === "string"){
if(func3(data133) > 10000){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/severity",schemaPath:"#/properties/caseReports/items/properties/severity/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid47 = _errs266 === errors;
}
else {
var valid47 = true;
}
if(valid47){
if(data127.priority !== undefined){
let data134 = data127.priority;
const _errs268 = errors;
if((typeof data134 !== "string") && (data134 !== null)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/priority",schemaPath:"#/properties/caseReports/items/properties/priority/type",keyword:"type",params:{type: schema31.properties.caseReports.items.properties.priority.type},message:"must be string,null"}];
return false;
}
if(errors === _errs268){
if(typeof data134 === "string"){
if(func3(data134) > 10000){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/priority",schemaPath:"#/properties/caseReports/items/properties/priority/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid47 = _errs268 === errors;
}
else {
var valid47 = true;
}
if(valid47){
if(data127.task_id !== undefined){
let data135 = data127.task_id;
const _errs270 = errors;
if((!(((typeof data135 == "number") && (!(data135 % 1) && !isNaN(data135))) && (isFinite(data135)))) && (data135 !== null)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/task_id",schemaPath:"#/properties/caseReports/items/properties/task_id/type",keyword:"type",params:{type: schema31.properties.caseReports.items.properties.task_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs270){
if((typeof data135 == "number") && (isFinite(data135))){
if(data135 > 9007199254740991 || isNaN(data135)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/task_id",schemaPath:"#/properties/caseReports/items/properties/task_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data135 < 1 || isNaN(data135)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21+"/task_id",schemaPath:"#/properties/caseReports/items/properties/task_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid47 = _errs270 === errors;
}
else {
var valid47 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i21,schemaPath:"#/properties/caseReports/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid46 = _errs255 === errors;
if(!valid46){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/caseReports",schemaPath:"#/properties/caseReports/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs253 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.tasks !== undefined){
let data136 = data.tasks;
const _errs272 = errors;
if(errors === _errs272){
if(Array.isArray(data136)){
if(data136.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/tasks",schemaPath:"#/properties/tasks/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid48 = true;
const len33 = data136.length;
for(let i22=0; i22<len33; i22++){
let data137 = data136[i22];
const _errs274 = errors;
if(errors === _errs274){
if(data137 && typeof data137 == "object" && !Array.isArray(data137)){
let missing13;
if((((((((((data137.id === undefined) && (missing13 = "id")) || ((data137.boardId === undefined) && (missing13 = "boardId"))) || ((data137.columnId === undefined) && (missing13 = "columnId"))) || ((data137.title === undefined) && (missing13 = "title"))) || ((data137.description === undefined) && (missing13 = "description"))) || ((data137.assignee_ids === undefined) && (missing13 = "assignee_ids"))) || ((data137.case_report_id === undefined) && (missing13 = "case_report_id"))) || ((data137.severity === undefined) && (missing13 = "severity"))) || ((data137.priority === undefined) && (missing13 = "priority"))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: missing13},message:"must have required property '"+missing13+"'"}];
return false;
}
else {
if(data137.id !== undefined){
let data138 = data137.id;
const _errs276 = errors;
if(!(((typeof data138 == "number") && (!(data138 % 1) && !isNaN(data138))) && (isFinite(data138)))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/id",schemaPath:"#/properties/tasks/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs276){
if((typeof data138 == "number") && (isFinite(data138))){
if(data138 > 9007199254740991 || isNaN(data138)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/id",schemaPath:"#/properties/tasks/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data138 < 1 || isNaN(data138)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/id",schemaPath:"#/properties/tasks/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid49 = _errs276 === errors;
}
else {
var valid49 = true;
}
if(valid49){
if(data137.boardId !== undefined){
let data139 = data137.boardId;
const _errs278 = errors;
if(!(((typeof data139 == "number") && (!(data139 % 1) && !isNaN(data139))) && (isFinite(data139)))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/boardId",schemaPath:"#/properties/tasks/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs278){
if((typeof data139 == "number") && (isFinite(data139))){
if(data139 > 9007199254740991 || isNaN(data139)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/boardId",schemaPath:"#/properties/tasks/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data139 < 1 || isNaN(data139)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/boardId",schemaPath:"#/properties/tasks/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid49 = _errs278 === errors;
}
else {
var valid49 = true;
}
if(valid49){
if(data137.columnId !== undefined){
let data140 = data137.columnId;
const _errs280 = errors;
if(!(((typeof data140 == "number") && (!(data140 % 1) && !isNaN(data140))) && (isFinite(data140)))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/columnId",schemaPath:"#/properties/tasks/items/properties/columnId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs280){
if((typeof data140 == "number") && (isFinite(data140))){
if(data140 > 9007199254740991 || isNaN(data140)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/columnId",schemaPath:"#/properties/tasks/items/properties/columnId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data140 < 1 || isNaN(data140)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/columnId",schemaPath:"#/properties/tasks/items/properties/columnId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid49 = _errs280 === errors;
}
else {
var valid49 = true;
}
if(valid49){
if(data137.title !== undefined){
let data141 = data137.title;
const _errs282 = errors;
if(errors === _errs282){
if(typeof data141 === "string"){
if(func3(data141) > 10000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/title",schemaPath:"#/properties/tasks/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/title",schemaPath:"#/properties/tasks/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid49 = _errs282 === errors;
}
else {
var valid49 = true;
}
if(valid49){
if(data137.description !== undefined){
let data142 = data137.description;
const _errs284 = errors;
if(errors === _errs284){
if(typeof data142 === "string"){
if(func3(data142) > 10000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/description",schemaPath:"#/properties/tasks/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/description",schemaPath:"#/properties/tasks/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid49 = _errs284 === errors;
}
else {
var valid49 = true;
}
if(valid49){
if(data137.assignee_ids !== undefined){
let data143 = data137.assignee_ids;
const _errs286 = errors;
if(errors === _errs286){
if(Array.isArray(data143)){
if(data143.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/assignee_ids",schemaPath:"#/properties/tasks/items/properties/assignee_ids/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid50 = true;
const len34 = data143.length;
for(let i23=0; i23<len34; i23++){
let data144 = data143[i23];
const _errs288 = errors;
if(!(((typeof data144 == "number") && (!(data144 % 1) && !isNaN(data144))) && (isFinite(data144)))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/assignee_ids/" + i23,schemaPath:"#/properties/tasks/items/properties/assignee_ids/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs288){
if((typeof data144 == "number") && (isFinite(data144))){
if(data144 > 9007199254740991 || isNaN(data144)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/assignee_ids/" + i23,schemaPath:"#/properties/tasks/items/properties/assignee_ids/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data144 < 1 || isNaN(data144)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/assignee_ids/" + i23,schemaPath:"#/properties/tasks/items/properties/assignee_ids/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid50 = _errs288 === errors;
if(!valid50){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/assignee_ids",schemaPath:"#/properties/tasks/items/properties/assignee_ids/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid49 = _errs286 === errors;
}
else {
var valid49 = true;
}
if(valid49){
if(data137.case_report_id !== undefined){
let data145 = data137.case_report_id;
const _errs290 = errors;
if((!(((typeof data145 == "number") && (!(data145 % 1) && !isNaN(data145))) && (isFinite(data145)))) && (data145 !== null)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/case_report_id",schemaPath:"#/properties/tasks/items/properties/case_report_id/type",keyword:"type",params:{type: schema31.properties.tasks.items.properties.case_report_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs290){
if((typeof data145 == "number") && (isFinite(data145))){
if(data145 > 9007199254740991 || isNaN(data145)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/case_report_id",schemaPath:"#/properties/tasks/items/properties/case_report_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data145 < 1 || isNaN(data145)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/case_report_id",schemaPath:"#/properties/tasks/items/properties/case_report_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid49 = _errs290 === errors;
}
else {
var valid49 = true;
}
if(valid49){
if(data137.severity !== undefined){
let data146 = data137.severity;
const _errs292 = errors;
if((typeof data146 !== "string") && (data146 !== null)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/severity",schemaPath:"#/properties/tasks/items/properties/severity/type",keyword:"type",params:{type: schema31.properties.tasks.items.properties.severity.type},message:"must be string,null"}];
return false;
}
if(errors === _errs292){
if(typeof data146 === "string"){
if(func3(data146) > 10000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/severity",schemaPath:"#/properties/tasks/items/properties/severity/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid49 = _errs292 === errors;
}
else {
var valid49 = true;
}
if(valid49){
if(data137.priority !== undefined){
let data147 = data137.priority;
const _errs294 = errors;
if((typeof data147 !== "string") && (data147 !== null)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/priority",schemaPath:"#/properties/tasks/items/properties/priority/type",keyword:"type",params:{type: schema31.properties.tasks.items.properties.priority.type},message:"must be string,null"}];
return false;
}
if(errors === _errs294){
if(typeof data147 === "string"){
if(func3(data147) > 10000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22+"/priority",schemaPath:"#/properties/tasks/items/properties/priority/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid49 = _errs294 === errors;
}
else {
var valid49 = true;
}
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tasks/" + i22,schemaPath:"#/properties/tasks/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid48 = _errs274 === errors;
if(!valid48){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tasks",schemaPath:"#/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs272 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate20.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate20.evaluated = {"dynamicProps":true,"dynamicItems":false};

/** A saved world (a --state file, browser storage) has the shape the sandbox reads back. */
export const validateSnapshot: CompiledCheck = snapshot_validator;
