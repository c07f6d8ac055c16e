/**
 * This file was generated from mocks/sandbox/worlds/snapshot-schema.ts by scripts/generate.ts (npm run generate).
 * Do not make direct changes to the file.
 */
// @ts-nocheck: ajv's standalone code, compiled at build time (scripts/standalone-validators.ts); typed at its exports.
import runtime0 from 'ajv/dist/runtime/ucs2length.js';
import type { CompiledCheck } from '../contract/request-checks.js';

const runtime = (m) => m.default ?? m;
const snapshot_validator = validate20;
const schema31 = {"type":"object","required":["format","version","counters","accounts","companies","boards","tokens","scenarios","cases","sessions","caseReports","tasks"],"properties":{"format":{"const":"task-sandbox-world"},"version":{"const":1},"counters":{"type":"object","required":["account","company","board","column","scenario","case","session","caseReport","task"],"properties":{"account":{"type":"integer","minimum":0,"maximum":9007199254740991},"company":{"type":"integer","minimum":0,"maximum":9007199254740991},"board":{"type":"integer","minimum":0,"maximum":9007199254740991},"column":{"type":"integer","minimum":0,"maximum":9007199254740991},"scenario":{"type":"integer","minimum":0,"maximum":9007199254740991},"case":{"type":"integer","minimum":0,"maximum":9007199254740991},"session":{"type":"integer","minimum":0,"maximum":9007199254740991},"caseReport":{"type":"integer","minimum":0,"maximum":9007199254740991},"task":{"type":"integer","minimum":0,"maximum":9007199254740991}}},"accounts":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","username","email","first_name","last_name","description","passwordHash"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"username":{"type":"string","maxLength":10000},"email":{"type":"string","maxLength":10000},"first_name":{"type":"string","maxLength":10000},"last_name":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"passwordHash":{"type":"string","maxLength":1024},"totpSecret":{"type":"string","maxLength":256}}}},"companies":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","name","members"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"members":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"enum":["owner","qa","viewer"]}],"minItems":2,"maxItems":2}}}}},"boards":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","companyId","name","columns"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"companyId":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"columns":{"type":"array","maxItems":1000,"items":{"type":"object","required":["id","name","kind"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"kind":{"enum":["backlog","todo","in_progress","done"]}}}}}}},"tokens":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["key","accountId","title","is_active","metadata","expires_at","created_at","secretHash"],"properties":{"key":{"type":"string","minLength":1,"maxLength":256},"accountId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"is_active":{"type":"boolean"},"metadata":{"type":"object"},"expires_at":{"type":["string","null"],"maxLength":64},"created_at":{"type":"string","maxLength":64},"secretHash":{"type":"string","pattern":"^[0-9a-f]{64}$"}}}},"scenarios":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","title","parent_id","position"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"parent_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991},"position":{"type":["integer","null"]}}}},"cases":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","scenarioId","title","description","steps_to_reproduce","expected_result"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"scenarioId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"steps_to_reproduce":{"type":"string","maxLength":10000},"expected_result":{"type":"string","maxLength":10000}}}},"sessions":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","scenarioId","title","is_active","reportIds","started_at","finished_at"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"scenarioId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"is_active":{"type":"boolean"},"reportIds":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"started_at":{"type":"string","maxLength":64},"finished_at":{"type":["string","null"],"maxLength":64}}}},"caseReports":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","sessionId","caseId","status","actual_result","severity","priority","task_id"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"sessionId":{"type":"integer","minimum":1,"maximum":9007199254740991},"caseId":{"type":"integer","minimum":1,"maximum":9007199254740991},"status":{"enum":["pending","done","bug"]},"actual_result":{"type":["string","null"],"maxLength":10000},"severity":{"type":["string","null"],"maxLength":10000},"priority":{"type":["string","null"],"maxLength":10000},"task_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}}}},"tasks":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","columnId","title","description","assignee_ids","case_report_id","severity","priority"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"columnId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"assignee_ids":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"case_report_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991},"severity":{"type":["string","null"],"maxLength":10000},"priority":{"type":["string","null"],"maxLength":10000}}}}}};
const func1 = runtime(runtime0);
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
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((((((((data.format === undefined) && (missing0 = "format")) || ((data.version === undefined) && (missing0 = "version"))) || ((data.counters === undefined) && (missing0 = "counters"))) || ((data.accounts === undefined) && (missing0 = "accounts"))) || ((data.companies === undefined) && (missing0 = "companies"))) || ((data.boards === undefined) && (missing0 = "boards"))) || ((data.tokens === undefined) && (missing0 = "tokens"))) || ((data.scenarios === undefined) && (missing0 = "scenarios"))) || ((data.cases === undefined) && (missing0 = "cases"))) || ((data.sessions === undefined) && (missing0 = "sessions"))) || ((data.caseReports === undefined) && (missing0 = "caseReports"))) || ((data.tasks === undefined) && (missing0 = "tasks"))){
validate20.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.format !== undefined){
const _errs1 = errors;
if("task-sandbox-world" !== data.format){
validate20.errors = [{instancePath:instancePath+"/format",schemaPath:"#/properties/format/const",keyword:"const",params:{allowedValue: "task-sandbox-world"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.version !== undefined){
const _errs2 = errors;
if(1 !== data.version){
validate20.errors = [{instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.counters !== undefined){
let data2 = data.counters;
const _errs3 = errors;
if(errors === _errs3){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if((((((((((data2.account === undefined) && (missing1 = "account")) || ((data2.company === undefined) && (missing1 = "company"))) || ((data2.board === undefined) && (missing1 = "board"))) || ((data2.column === undefined) && (missing1 = "column"))) || ((data2.scenario === undefined) && (missing1 = "scenario"))) || ((data2.case === undefined) && (missing1 = "case"))) || ((data2.session === undefined) && (missing1 = "session"))) || ((data2.caseReport === undefined) && (missing1 = "caseReport"))) || ((data2.task === undefined) && (missing1 = "task"))){
validate20.errors = [{instancePath:instancePath+"/counters",schemaPath:"#/properties/counters/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data2.account !== undefined){
let data3 = data2.account;
const _errs5 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs5){
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 9007199254740991 || isNaN(data3)){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data3 < 0 || isNaN(data3)){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs5 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.company !== undefined){
let data4 = data2.company;
const _errs7 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs7){
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 9007199254740991 || isNaN(data4)){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data4 < 0 || isNaN(data4)){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs7 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.board !== undefined){
let data5 = data2.board;
const _errs9 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs9){
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 9007199254740991 || isNaN(data5)){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < 0 || isNaN(data5)){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs9 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.column !== undefined){
let data6 = data2.column;
const _errs11 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs11){
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 9007199254740991 || isNaN(data6)){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data6 < 0 || isNaN(data6)){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs11 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.scenario !== undefined){
let data7 = data2.scenario;
const _errs13 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs13){
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 9007199254740991 || isNaN(data7)){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data7 < 0 || isNaN(data7)){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs13 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.case !== undefined){
let data8 = data2.case;
const _errs15 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs15){
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 9007199254740991 || isNaN(data8)){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 < 0 || isNaN(data8)){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs15 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.session !== undefined){
let data9 = data2.session;
const _errs17 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs17){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 9007199254740991 || isNaN(data9)){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 < 0 || isNaN(data9)){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs17 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.caseReport !== undefined){
let data10 = data2.caseReport;
const _errs19 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs19){
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 9007199254740991 || isNaN(data10)){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < 0 || isNaN(data10)){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs19 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.task !== undefined){
let data11 = data2.task;
const _errs21 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 9007199254740991 || isNaN(data11)){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data11 < 0 || isNaN(data11)){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs21 === errors;
}
else {
var valid1 = true;
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
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.accounts !== undefined){
let data12 = data.accounts;
const _errs23 = errors;
if(errors === _errs23){
if(Array.isArray(data12)){
if(data12.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/accounts",schemaPath:"#/properties/accounts/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid2 = true;
const len0 = data12.length;
for(let i0=0; i0<len0; i0++){
let data13 = data12[i0];
const _errs25 = errors;
if(errors === _errs25){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
let missing2;
if((((((((data13.id === undefined) && (missing2 = "id")) || ((data13.username === undefined) && (missing2 = "username"))) || ((data13.email === undefined) && (missing2 = "email"))) || ((data13.first_name === undefined) && (missing2 = "first_name"))) || ((data13.last_name === undefined) && (missing2 = "last_name"))) || ((data13.description === undefined) && (missing2 = "description"))) || ((data13.passwordHash === undefined) && (missing2 = "passwordHash"))){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0,schemaPath:"#/properties/accounts/items/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
if(data13.id !== undefined){
let data14 = data13.id;
const _errs27 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/id",schemaPath:"#/properties/accounts/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs27){
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 > 9007199254740991 || isNaN(data14)){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/id",schemaPath:"#/properties/accounts/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data14 < 1 || isNaN(data14)){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/id",schemaPath:"#/properties/accounts/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid3 = _errs27 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data13.username !== undefined){
let data15 = data13.username;
const _errs29 = errors;
if(errors === _errs29){
if(typeof data15 === "string"){
if(func1(data15) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/username",schemaPath:"#/properties/accounts/items/properties/username/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/username",schemaPath:"#/properties/accounts/items/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs29 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data13.email !== undefined){
let data16 = data13.email;
const _errs31 = errors;
if(errors === _errs31){
if(typeof data16 === "string"){
if(func1(data16) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/email",schemaPath:"#/properties/accounts/items/properties/email/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/email",schemaPath:"#/properties/accounts/items/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs31 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data13.first_name !== undefined){
let data17 = data13.first_name;
const _errs33 = errors;
if(errors === _errs33){
if(typeof data17 === "string"){
if(func1(data17) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/first_name",schemaPath:"#/properties/accounts/items/properties/first_name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/first_name",schemaPath:"#/properties/accounts/items/properties/first_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs33 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data13.last_name !== undefined){
let data18 = data13.last_name;
const _errs35 = errors;
if(errors === _errs35){
if(typeof data18 === "string"){
if(func1(data18) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/last_name",schemaPath:"#/properties/accounts/items/properties/last_name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/last_name",schemaPath:"#/properties/accounts/items/properties/last_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs35 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data13.description !== undefined){
let data19 = data13.description;
const _errs37 = errors;
if(errors === _errs37){
if(typeof data19 === "string"){
if(func1(data19) > 10000){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/description",schemaPath:"#/properties/accounts/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/description",schemaPath:"#/properties/accounts/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs37 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data13.passwordHash !== undefined){
let data20 = data13.passwordHash;
const _errs39 = errors;
if(errors === _errs39){
if(typeof data20 === "string"){
if(func1(data20) > 1024){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/passwordHash",schemaPath:"#/properties/accounts/items/properties/passwordHash/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/passwordHash",schemaPath:"#/properties/accounts/items/properties/passwordHash/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs39 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data13.totpSecret !== undefined){
let data21 = data13.totpSecret;
const _errs41 = errors;
if(errors === _errs41){
if(typeof data21 === "string"){
if(func1(data21) > 256){
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/totpSecret",schemaPath:"#/properties/accounts/items/properties/totpSecret/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0+"/totpSecret",schemaPath:"#/properties/accounts/items/properties/totpSecret/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs41 === errors;
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
else {
validate20.errors = [{instancePath:instancePath+"/accounts/" + i0,schemaPath:"#/properties/accounts/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid2 = _errs25 === errors;
if(!valid2){
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
var valid0 = _errs23 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.companies !== undefined){
let data22 = data.companies;
const _errs43 = errors;
if(errors === _errs43){
if(Array.isArray(data22)){
if(data22.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/companies",schemaPath:"#/properties/companies/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid4 = true;
const len1 = data22.length;
for(let i1=0; i1<len1; i1++){
let data23 = data22[i1];
const _errs45 = errors;
if(errors === _errs45){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
let missing3;
if((((data23.id === undefined) && (missing3 = "id")) || ((data23.name === undefined) && (missing3 = "name"))) || ((data23.members === undefined) && (missing3 = "members"))){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1,schemaPath:"#/properties/companies/items/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
if(data23.id !== undefined){
let data24 = data23.id;
const _errs47 = errors;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/id",schemaPath:"#/properties/companies/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs47){
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 > 9007199254740991 || isNaN(data24)){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/id",schemaPath:"#/properties/companies/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data24 < 1 || isNaN(data24)){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/id",schemaPath:"#/properties/companies/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid5 = _errs47 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data23.name !== undefined){
let data25 = data23.name;
const _errs49 = errors;
if(errors === _errs49){
if(typeof data25 === "string"){
if(func1(data25) > 10000){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/name",schemaPath:"#/properties/companies/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/name",schemaPath:"#/properties/companies/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid5 = _errs49 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data23.members !== undefined){
let data26 = data23.members;
const _errs51 = errors;
if(errors === _errs51){
if(Array.isArray(data26)){
if(data26.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members",schemaPath:"#/properties/companies/items/properties/members/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid6 = true;
const len2 = data26.length;
for(let i2=0; i2<len2; i2++){
let data27 = data26[i2];
const _errs53 = errors;
if(errors === _errs53){
if(Array.isArray(data27)){
if(data27.length > 2){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members/" + i2,schemaPath:"#/properties/companies/items/properties/members/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data27.length < 2){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members/" + i2,schemaPath:"#/properties/companies/items/properties/members/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len3 = data27.length;
if(len3 > 0){
let data28 = data27[0];
const _errs55 = errors;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members/" + i2+"/0",schemaPath:"#/properties/companies/items/properties/members/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs55){
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 > 9007199254740991 || isNaN(data28)){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members/" + i2+"/0",schemaPath:"#/properties/companies/items/properties/members/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data28 < 1 || isNaN(data28)){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members/" + i2+"/0",schemaPath:"#/properties/companies/items/properties/members/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid7 = _errs55 === errors;
}
if(valid7){
if(len3 > 1){
let data29 = data27[1];
const _errs57 = errors;
if(!(((data29 === "owner") || (data29 === "qa")) || (data29 === "viewer"))){
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members/" + i2+"/1",schemaPath:"#/properties/companies/items/properties/members/items/prefixItems/1/enum",keyword:"enum",params:{allowedValues: schema31.properties.companies.items.properties.members.items.prefixItems[1].enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid7 = _errs57 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members/" + i2,schemaPath:"#/properties/companies/items/properties/members/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid6 = _errs53 === errors;
if(!valid6){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies/" + i1+"/members",schemaPath:"#/properties/companies/items/properties/members/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid5 = _errs51 === errors;
}
else {
var valid5 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/companies/" + i1,schemaPath:"#/properties/companies/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs45 === errors;
if(!valid4){
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
var valid0 = _errs43 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.boards !== undefined){
let data30 = data.boards;
const _errs58 = errors;
if(errors === _errs58){
if(Array.isArray(data30)){
if(data30.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/boards",schemaPath:"#/properties/boards/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid8 = true;
const len4 = data30.length;
for(let i3=0; i3<len4; i3++){
let data31 = data30[i3];
const _errs60 = errors;
if(errors === _errs60){
if(data31 && typeof data31 == "object" && !Array.isArray(data31)){
let missing4;
if(((((data31.id === undefined) && (missing4 = "id")) || ((data31.companyId === undefined) && (missing4 = "companyId"))) || ((data31.name === undefined) && (missing4 = "name"))) || ((data31.columns === undefined) && (missing4 = "columns"))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3,schemaPath:"#/properties/boards/items/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'"}];
return false;
}
else {
if(data31.id !== undefined){
let data32 = data31.id;
const _errs62 = errors;
if(!(((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32))) && (isFinite(data32)))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/id",schemaPath:"#/properties/boards/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs62){
if((typeof data32 == "number") && (isFinite(data32))){
if(data32 > 9007199254740991 || isNaN(data32)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/id",schemaPath:"#/properties/boards/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data32 < 1 || isNaN(data32)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/id",schemaPath:"#/properties/boards/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid9 = _errs62 === errors;
}
else {
var valid9 = true;
}
if(valid9){
if(data31.companyId !== undefined){
let data33 = data31.companyId;
const _errs64 = errors;
if(!(((typeof data33 == "number") && (!(data33 % 1) && !isNaN(data33))) && (isFinite(data33)))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/companyId",schemaPath:"#/properties/boards/items/properties/companyId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs64){
if((typeof data33 == "number") && (isFinite(data33))){
if(data33 > 9007199254740991 || isNaN(data33)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/companyId",schemaPath:"#/properties/boards/items/properties/companyId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data33 < 1 || isNaN(data33)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/companyId",schemaPath:"#/properties/boards/items/properties/companyId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid9 = _errs64 === errors;
}
else {
var valid9 = true;
}
if(valid9){
if(data31.name !== undefined){
let data34 = data31.name;
const _errs66 = errors;
if(errors === _errs66){
if(typeof data34 === "string"){
if(func1(data34) > 10000){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/name",schemaPath:"#/properties/boards/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/name",schemaPath:"#/properties/boards/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid9 = _errs66 === errors;
}
else {
var valid9 = true;
}
if(valid9){
if(data31.columns !== undefined){
let data35 = data31.columns;
const _errs68 = errors;
if(errors === _errs68){
if(Array.isArray(data35)){
if(data35.length > 1000){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns",schemaPath:"#/properties/boards/items/properties/columns/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"}];
return false;
}
else {
var valid10 = true;
const len5 = data35.length;
for(let i4=0; i4<len5; i4++){
let data36 = data35[i4];
const _errs70 = errors;
if(errors === _errs70){
if(data36 && typeof data36 == "object" && !Array.isArray(data36)){
let missing5;
if((((data36.id === undefined) && (missing5 = "id")) || ((data36.name === undefined) && (missing5 = "name"))) || ((data36.kind === undefined) && (missing5 = "kind"))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns/" + i4,schemaPath:"#/properties/boards/items/properties/columns/items/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'"}];
return false;
}
else {
if(data36.id !== undefined){
let data37 = data36.id;
const _errs72 = errors;
if(!(((typeof data37 == "number") && (!(data37 % 1) && !isNaN(data37))) && (isFinite(data37)))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns/" + i4+"/id",schemaPath:"#/properties/boards/items/properties/columns/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs72){
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 > 9007199254740991 || isNaN(data37)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns/" + i4+"/id",schemaPath:"#/properties/boards/items/properties/columns/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data37 < 1 || isNaN(data37)){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns/" + i4+"/id",schemaPath:"#/properties/boards/items/properties/columns/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid11 = _errs72 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data36.name !== undefined){
let data38 = data36.name;
const _errs74 = errors;
if(errors === _errs74){
if(typeof data38 === "string"){
if(func1(data38) > 10000){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns/" + i4+"/name",schemaPath:"#/properties/boards/items/properties/columns/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns/" + i4+"/name",schemaPath:"#/properties/boards/items/properties/columns/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid11 = _errs74 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data36.kind !== undefined){
let data39 = data36.kind;
const _errs76 = errors;
if(!((((data39 === "backlog") || (data39 === "todo")) || (data39 === "in_progress")) || (data39 === "done"))){
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns/" + i4+"/kind",schemaPath:"#/properties/boards/items/properties/columns/items/properties/kind/enum",keyword:"enum",params:{allowedValues: schema31.properties.boards.items.properties.columns.items.properties.kind.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid11 = _errs76 === errors;
}
else {
var valid11 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns/" + i4,schemaPath:"#/properties/boards/items/properties/columns/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid10 = _errs70 === errors;
if(!valid10){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i3+"/columns",schemaPath:"#/properties/boards/items/properties/columns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid9 = _errs68 === errors;
}
else {
var valid9 = true;
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/boards/" + i3,schemaPath:"#/properties/boards/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs60 === errors;
if(!valid8){
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
var valid0 = _errs58 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.tokens !== undefined){
let data40 = data.tokens;
const _errs77 = errors;
if(errors === _errs77){
if(Array.isArray(data40)){
if(data40.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid12 = true;
const len6 = data40.length;
for(let i5=0; i5<len6; i5++){
let data41 = data40[i5];
const _errs79 = errors;
if(errors === _errs79){
if(data41 && typeof data41 == "object" && !Array.isArray(data41)){
let missing6;
if(((((((((data41.key === undefined) && (missing6 = "key")) || ((data41.accountId === undefined) && (missing6 = "accountId"))) || ((data41.title === undefined) && (missing6 = "title"))) || ((data41.is_active === undefined) && (missing6 = "is_active"))) || ((data41.metadata === undefined) && (missing6 = "metadata"))) || ((data41.expires_at === undefined) && (missing6 = "expires_at"))) || ((data41.created_at === undefined) && (missing6 = "created_at"))) || ((data41.secretHash === undefined) && (missing6 = "secretHash"))){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5,schemaPath:"#/properties/tokens/items/required",keyword:"required",params:{missingProperty: missing6},message:"must have required property '"+missing6+"'"}];
return false;
}
else {
if(data41.key !== undefined){
let data42 = data41.key;
const _errs81 = errors;
if(errors === _errs81){
if(typeof data42 === "string"){
if(func1(data42) > 256){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/key",schemaPath:"#/properties/tokens/items/properties/key/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
else {
if(func1(data42) < 1){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/key",schemaPath:"#/properties/tokens/items/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/key",schemaPath:"#/properties/tokens/items/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid13 = _errs81 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data41.accountId !== undefined){
let data43 = data41.accountId;
const _errs83 = errors;
if(!(((typeof data43 == "number") && (!(data43 % 1) && !isNaN(data43))) && (isFinite(data43)))){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/accountId",schemaPath:"#/properties/tokens/items/properties/accountId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs83){
if((typeof data43 == "number") && (isFinite(data43))){
if(data43 > 9007199254740991 || isNaN(data43)){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/accountId",schemaPath:"#/properties/tokens/items/properties/accountId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data43 < 1 || isNaN(data43)){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/accountId",schemaPath:"#/properties/tokens/items/properties/accountId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid13 = _errs83 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data41.title !== undefined){
let data44 = data41.title;
const _errs85 = errors;
if(errors === _errs85){
if(typeof data44 === "string"){
if(func1(data44) > 10000){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/title",schemaPath:"#/properties/tokens/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/title",schemaPath:"#/properties/tokens/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid13 = _errs85 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data41.is_active !== undefined){
const _errs87 = errors;
if(typeof data41.is_active !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/is_active",schemaPath:"#/properties/tokens/items/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid13 = _errs87 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data41.metadata !== undefined){
let data46 = data41.metadata;
const _errs89 = errors;
if(!(data46 && typeof data46 == "object" && !Array.isArray(data46))){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/metadata",schemaPath:"#/properties/tokens/items/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
var valid13 = _errs89 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data41.expires_at !== undefined){
let data47 = data41.expires_at;
const _errs91 = errors;
if((typeof data47 !== "string") && (data47 !== null)){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/expires_at",schemaPath:"#/properties/tokens/items/properties/expires_at/type",keyword:"type",params:{type: schema31.properties.tokens.items.properties.expires_at.type},message:"must be string,null"}];
return false;
}
if(errors === _errs91){
if(typeof data47 === "string"){
if(func1(data47) > 64){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/expires_at",schemaPath:"#/properties/tokens/items/properties/expires_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
}
var valid13 = _errs91 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data41.created_at !== undefined){
let data48 = data41.created_at;
const _errs93 = errors;
if(errors === _errs93){
if(typeof data48 === "string"){
if(func1(data48) > 64){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/created_at",schemaPath:"#/properties/tokens/items/properties/created_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/created_at",schemaPath:"#/properties/tokens/items/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid13 = _errs93 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data41.secretHash !== undefined){
let data49 = data41.secretHash;
const _errs95 = errors;
if(errors === _errs95){
if(typeof data49 === "string"){
if(!pattern4.test(data49)){
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/secretHash",schemaPath:"#/properties/tokens/items/properties/secretHash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5+"/secretHash",schemaPath:"#/properties/tokens/items/properties/secretHash/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid13 = _errs95 === errors;
}
else {
var valid13 = true;
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
validate20.errors = [{instancePath:instancePath+"/tokens/" + i5,schemaPath:"#/properties/tokens/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid12 = _errs79 === errors;
if(!valid12){
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
var valid0 = _errs77 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.scenarios !== undefined){
let data50 = data.scenarios;
const _errs97 = errors;
if(errors === _errs97){
if(Array.isArray(data50)){
if(data50.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/scenarios",schemaPath:"#/properties/scenarios/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid14 = true;
const len7 = data50.length;
for(let i6=0; i6<len7; i6++){
let data51 = data50[i6];
const _errs99 = errors;
if(errors === _errs99){
if(data51 && typeof data51 == "object" && !Array.isArray(data51)){
let missing7;
if((((((data51.id === undefined) && (missing7 = "id")) || ((data51.boardId === undefined) && (missing7 = "boardId"))) || ((data51.title === undefined) && (missing7 = "title"))) || ((data51.parent_id === undefined) && (missing7 = "parent_id"))) || ((data51.position === undefined) && (missing7 = "position"))){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6,schemaPath:"#/properties/scenarios/items/required",keyword:"required",params:{missingProperty: missing7},message:"must have required property '"+missing7+"'"}];
return false;
}
else {
if(data51.id !== undefined){
let data52 = data51.id;
const _errs101 = errors;
if(!(((typeof data52 == "number") && (!(data52 % 1) && !isNaN(data52))) && (isFinite(data52)))){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/id",schemaPath:"#/properties/scenarios/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs101){
if((typeof data52 == "number") && (isFinite(data52))){
if(data52 > 9007199254740991 || isNaN(data52)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/id",schemaPath:"#/properties/scenarios/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data52 < 1 || isNaN(data52)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/id",schemaPath:"#/properties/scenarios/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid15 = _errs101 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data51.boardId !== undefined){
let data53 = data51.boardId;
const _errs103 = errors;
if(!(((typeof data53 == "number") && (!(data53 % 1) && !isNaN(data53))) && (isFinite(data53)))){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/boardId",schemaPath:"#/properties/scenarios/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs103){
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 > 9007199254740991 || isNaN(data53)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/boardId",schemaPath:"#/properties/scenarios/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data53 < 1 || isNaN(data53)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/boardId",schemaPath:"#/properties/scenarios/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid15 = _errs103 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data51.title !== undefined){
let data54 = data51.title;
const _errs105 = errors;
if(errors === _errs105){
if(typeof data54 === "string"){
if(func1(data54) > 10000){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/title",schemaPath:"#/properties/scenarios/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/title",schemaPath:"#/properties/scenarios/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid15 = _errs105 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data51.parent_id !== undefined){
let data55 = data51.parent_id;
const _errs107 = errors;
if((!(((typeof data55 == "number") && (!(data55 % 1) && !isNaN(data55))) && (isFinite(data55)))) && (data55 !== null)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/parent_id",schemaPath:"#/properties/scenarios/items/properties/parent_id/type",keyword:"type",params:{type: schema31.properties.scenarios.items.properties.parent_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs107){
if((typeof data55 == "number") && (isFinite(data55))){
if(data55 > 9007199254740991 || isNaN(data55)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/parent_id",schemaPath:"#/properties/scenarios/items/properties/parent_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data55 < 1 || isNaN(data55)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/parent_id",schemaPath:"#/properties/scenarios/items/properties/parent_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid15 = _errs107 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data51.position !== undefined){
let data56 = data51.position;
const _errs109 = errors;
if((!(((typeof data56 == "number") && (!(data56 % 1) && !isNaN(data56))) && (isFinite(data56)))) && (data56 !== null)){
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6+"/position",schemaPath:"#/properties/scenarios/items/properties/position/type",keyword:"type",params:{type: schema31.properties.scenarios.items.properties.position.type},message:"must be integer,null"}];
return false;
}
var valid15 = _errs109 === errors;
}
else {
var valid15 = true;
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/scenarios/" + i6,schemaPath:"#/properties/scenarios/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid14 = _errs99 === errors;
if(!valid14){
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
var valid0 = _errs97 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.cases !== undefined){
let data57 = data.cases;
const _errs111 = errors;
if(errors === _errs111){
if(Array.isArray(data57)){
if(data57.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/cases",schemaPath:"#/properties/cases/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid16 = true;
const len8 = data57.length;
for(let i7=0; i7<len8; i7++){
let data58 = data57[i7];
const _errs113 = errors;
if(errors === _errs113){
if(data58 && typeof data58 == "object" && !Array.isArray(data58)){
let missing8;
if((((((((data58.id === undefined) && (missing8 = "id")) || ((data58.boardId === undefined) && (missing8 = "boardId"))) || ((data58.scenarioId === undefined) && (missing8 = "scenarioId"))) || ((data58.title === undefined) && (missing8 = "title"))) || ((data58.description === undefined) && (missing8 = "description"))) || ((data58.steps_to_reproduce === undefined) && (missing8 = "steps_to_reproduce"))) || ((data58.expected_result === undefined) && (missing8 = "expected_result"))){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7,schemaPath:"#/properties/cases/items/required",keyword:"required",params:{missingProperty: missing8},message:"must have required property '"+missing8+"'"}];
return false;
}
else {
if(data58.id !== undefined){
let data59 = data58.id;
const _errs115 = errors;
if(!(((typeof data59 == "number") && (!(data59 % 1) && !isNaN(data59))) && (isFinite(data59)))){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/id",schemaPath:"#/properties/cases/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs115){
if((typeof data59 == "number") && (isFinite(data59))){
if(data59 > 9007199254740991 || isNaN(data59)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/id",schemaPath:"#/properties/cases/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data59 < 1 || isNaN(data59)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/id",schemaPath:"#/properties/cases/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid17 = _errs115 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data58.boardId !== undefined){
let data60 = data58.boardId;
const _errs117 = errors;
if(!(((typeof data60 == "number") && (!(data60 % 1) && !isNaN(data60))) && (isFinite(data60)))){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/boardId",schemaPath:"#/properties/cases/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs117){
if((typeof data60 == "number") && (isFinite(data60))){
if(data60 > 9007199254740991 || isNaN(data60)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/boardId",schemaPath:"#/properties/cases/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data60 < 1 || isNaN(data60)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/boardId",schemaPath:"#/properties/cases/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid17 = _errs117 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data58.scenarioId !== undefined){
let data61 = data58.scenarioId;
const _errs119 = errors;
if(!(((typeof data61 == "number") && (!(data61 % 1) && !isNaN(data61))) && (isFinite(data61)))){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/scenarioId",schemaPath:"#/properties/cases/items/properties/scenarioId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs119){
if((typeof data61 == "number") && (isFinite(data61))){
if(data61 > 9007199254740991 || isNaN(data61)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/scenarioId",schemaPath:"#/properties/cases/items/properties/scenarioId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data61 < 1 || isNaN(data61)){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/scenarioId",schemaPath:"#/properties/cases/items/properties/scenarioId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid17 = _errs119 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data58.title !== undefined){
let data62 = data58.title;
const _errs121 = errors;
if(errors === _errs121){
if(typeof data62 === "string"){
if(func1(data62) > 10000){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/title",schemaPath:"#/properties/cases/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/title",schemaPath:"#/properties/cases/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid17 = _errs121 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data58.description !== undefined){
let data63 = data58.description;
const _errs123 = errors;
if(errors === _errs123){
if(typeof data63 === "string"){
if(func1(data63) > 10000){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/description",schemaPath:"#/properties/cases/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/description",schemaPath:"#/properties/cases/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid17 = _errs123 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data58.steps_to_reproduce !== undefined){
let data64 = data58.steps_to_reproduce;
const _errs125 = errors;
if(errors === _errs125){
if(typeof data64 === "string"){
if(func1(data64) > 10000){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/steps_to_reproduce",schemaPath:"#/properties/cases/items/properties/steps_to_reproduce/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/steps_to_reproduce",schemaPath:"#/properties/cases/items/properties/steps_to_reproduce/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid17 = _errs125 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data58.expected_result !== undefined){
let data65 = data58.expected_result;
const _errs127 = errors;
if(errors === _errs127){
if(typeof data65 === "string"){
if(func1(data65) > 10000){
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/expected_result",schemaPath:"#/properties/cases/items/properties/expected_result/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cases/" + i7+"/expected_result",schemaPath:"#/properties/cases/items/properties/expected_result/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid17 = _errs127 === errors;
}
else {
var valid17 = true;
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
validate20.errors = [{instancePath:instancePath+"/cases/" + i7,schemaPath:"#/properties/cases/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid16 = _errs113 === errors;
if(!valid16){
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
var valid0 = _errs111 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.sessions !== undefined){
let data66 = data.sessions;
const _errs129 = errors;
if(errors === _errs129){
if(Array.isArray(data66)){
if(data66.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/sessions",schemaPath:"#/properties/sessions/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid18 = true;
const len9 = data66.length;
for(let i8=0; i8<len9; i8++){
let data67 = data66[i8];
const _errs131 = errors;
if(errors === _errs131){
if(data67 && typeof data67 == "object" && !Array.isArray(data67)){
let missing9;
if(((((((((data67.id === undefined) && (missing9 = "id")) || ((data67.boardId === undefined) && (missing9 = "boardId"))) || ((data67.scenarioId === undefined) && (missing9 = "scenarioId"))) || ((data67.title === undefined) && (missing9 = "title"))) || ((data67.is_active === undefined) && (missing9 = "is_active"))) || ((data67.reportIds === undefined) && (missing9 = "reportIds"))) || ((data67.started_at === undefined) && (missing9 = "started_at"))) || ((data67.finished_at === undefined) && (missing9 = "finished_at"))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8,schemaPath:"#/properties/sessions/items/required",keyword:"required",params:{missingProperty: missing9},message:"must have required property '"+missing9+"'"}];
return false;
}
else {
if(data67.id !== undefined){
let data68 = data67.id;
const _errs133 = errors;
if(!(((typeof data68 == "number") && (!(data68 % 1) && !isNaN(data68))) && (isFinite(data68)))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/id",schemaPath:"#/properties/sessions/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs133){
if((typeof data68 == "number") && (isFinite(data68))){
if(data68 > 9007199254740991 || isNaN(data68)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/id",schemaPath:"#/properties/sessions/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data68 < 1 || isNaN(data68)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/id",schemaPath:"#/properties/sessions/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid19 = _errs133 === errors;
}
else {
var valid19 = true;
}
if(valid19){
if(data67.boardId !== undefined){
let data69 = data67.boardId;
const _errs135 = errors;
if(!(((typeof data69 == "number") && (!(data69 % 1) && !isNaN(data69))) && (isFinite(data69)))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/boardId",schemaPath:"#/properties/sessions/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs135){
if((typeof data69 == "number") && (isFinite(data69))){
if(data69 > 9007199254740991 || isNaN(data69)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/boardId",schemaPath:"#/properties/sessions/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data69 < 1 || isNaN(data69)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/boardId",schemaPath:"#/properties/sessions/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid19 = _errs135 === errors;
}
else {
var valid19 = true;
}
if(valid19){
if(data67.scenarioId !== undefined){
let data70 = data67.scenarioId;
const _errs137 = errors;
if(!(((typeof data70 == "number") && (!(data70 % 1) && !isNaN(data70))) && (isFinite(data70)))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/scenarioId",schemaPath:"#/properties/sessions/items/properties/scenarioId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs137){
if((typeof data70 == "number") && (isFinite(data70))){
if(data70 > 9007199254740991 || isNaN(data70)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/scenarioId",schemaPath:"#/properties/sessions/items/properties/scenarioId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data70 < 1 || isNaN(data70)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/scenarioId",schemaPath:"#/properties/sessions/items/properties/scenarioId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid19 = _errs137 === errors;
}
else {
var valid19 = true;
}
if(valid19){
if(data67.title !== undefined){
let data71 = data67.title;
const _errs139 = errors;
if(errors === _errs139){
if(typeof data71 === "string"){
if(func1(data71) > 10000){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/title",schemaPath:"#/properties/sessions/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/title",schemaPath:"#/properties/sessions/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid19 = _errs139 === errors;
}
else {
var valid19 = true;
}
if(valid19){
if(data67.is_active !== undefined){
const _errs141 = errors;
if(typeof data67.is_active !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/is_active",schemaPath:"#/properties/sessions/items/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid19 = _errs141 === errors;
}
else {
var valid19 = true;
}
if(valid19){
if(data67.reportIds !== undefined){
let data73 = data67.reportIds;
const _errs143 = errors;
if(errors === _errs143){
if(Array.isArray(data73)){
if(data73.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/reportIds",schemaPath:"#/properties/sessions/items/properties/reportIds/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid20 = true;
const len10 = data73.length;
for(let i9=0; i9<len10; i9++){
let data74 = data73[i9];
const _errs145 = errors;
if(!(((typeof data74 == "number") && (!(data74 % 1) && !isNaN(data74))) && (isFinite(data74)))){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/reportIds/" + i9,schemaPath:"#/properties/sessions/items/properties/reportIds/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs145){
if((typeof data74 == "number") && (isFinite(data74))){
if(data74 > 9007199254740991 || isNaN(data74)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/reportIds/" + i9,schemaPath:"#/properties/sessions/items/properties/reportIds/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data74 < 1 || isNaN(data74)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/reportIds/" + i9,schemaPath:"#/properties/sessions/items/properties/reportIds/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid20 = _errs145 === errors;
if(!valid20){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/reportIds",schemaPath:"#/properties/sessions/items/properties/reportIds/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid19 = _errs143 === errors;
}
else {
var valid19 = true;
}
if(valid19){
if(data67.started_at !== undefined){
let data75 = data67.started_at;
const _errs147 = errors;
if(errors === _errs147){
if(typeof data75 === "string"){
if(func1(data75) > 64){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/started_at",schemaPath:"#/properties/sessions/items/properties/started_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/started_at",schemaPath:"#/properties/sessions/items/properties/started_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid19 = _errs147 === errors;
}
else {
var valid19 = true;
}
if(valid19){
if(data67.finished_at !== undefined){
let data76 = data67.finished_at;
const _errs149 = errors;
if((typeof data76 !== "string") && (data76 !== null)){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/finished_at",schemaPath:"#/properties/sessions/items/properties/finished_at/type",keyword:"type",params:{type: schema31.properties.sessions.items.properties.finished_at.type},message:"must be string,null"}];
return false;
}
if(errors === _errs149){
if(typeof data76 === "string"){
if(func1(data76) > 64){
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8+"/finished_at",schemaPath:"#/properties/sessions/items/properties/finished_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
}
var valid19 = _errs149 === errors;
}
else {
var valid19 = true;
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
validate20.errors = [{instancePath:instancePath+"/sessions/" + i8,schemaPath:"#/properties/sessions/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid18 = _errs131 === errors;
if(!valid18){
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
var valid0 = _errs129 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.caseReports !== undefined){
let data77 = data.caseReports;
const _errs151 = errors;
if(errors === _errs151){
if(Array.isArray(data77)){
if(data77.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/caseReports",schemaPath:"#/properties/caseReports/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid21 = true;
const len11 = data77.length;
for(let i10=0; i10<len11; i10++){
let data78 = data77[i10];
const _errs153 = errors;
if(errors === _errs153){
if(data78 && typeof data78 == "object" && !Array.isArray(data78)){
let missing10;
if(((((((((data78.id === undefined) && (missing10 = "id")) || ((data78.sessionId === undefined) && (missing10 = "sessionId"))) || ((data78.caseId === undefined) && (missing10 = "caseId"))) || ((data78.status === undefined) && (missing10 = "status"))) || ((data78.actual_result === undefined) && (missing10 = "actual_result"))) || ((data78.severity === undefined) && (missing10 = "severity"))) || ((data78.priority === undefined) && (missing10 = "priority"))) || ((data78.task_id === undefined) && (missing10 = "task_id"))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10,schemaPath:"#/properties/caseReports/items/required",keyword:"required",params:{missingProperty: missing10},message:"must have required property '"+missing10+"'"}];
return false;
}
else {
if(data78.id !== undefined){
let data79 = data78.id;
const _errs155 = errors;
if(!(((typeof data79 == "number") && (!(data79 % 1) && !isNaN(data79))) && (isFinite(data79)))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/id",schemaPath:"#/properties/caseReports/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs155){
if((typeof data79 == "number") && (isFinite(data79))){
if(data79 > 9007199254740991 || isNaN(data79)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/id",schemaPath:"#/properties/caseReports/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data79 < 1 || isNaN(data79)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/id",schemaPath:"#/properties/caseReports/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs155 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data78.sessionId !== undefined){
let data80 = data78.sessionId;
const _errs157 = errors;
if(!(((typeof data80 == "number") && (!(data80 % 1) && !isNaN(data80))) && (isFinite(data80)))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/sessionId",schemaPath:"#/properties/caseReports/items/properties/sessionId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs157){
if((typeof data80 == "number") && (isFinite(data80))){
if(data80 > 9007199254740991 || isNaN(data80)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/sessionId",schemaPath:"#/properties/caseReports/items/properties/sessionId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data80 < 1 || isNaN(data80)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/sessionId",schemaPath:"#/properties/caseReports/items/properties/sessionId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs157 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data78.caseId !== undefined){
let data81 = data78.caseId;
const _errs159 = errors;
if(!(((typeof data81 == "number") && (!(data81 % 1) && !isNaN(data81))) && (isFinite(data81)))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/caseId",schemaPath:"#/properties/caseReports/items/properties/caseId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs159){
if((typeof data81 == "number") && (isFinite(data81))){
if(data81 > 9007199254740991 || isNaN(data81)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/caseId",schemaPath:"#/properties/caseReports/items/properties/caseId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data81 < 1 || isNaN(data81)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/caseId",schemaPath:"#/properties/caseReports/items/properties/caseId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs159 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data78.status !== undefined){
let data82 = data78.status;
const _errs161 = errors;
if(!(((data82 === "pending") || (data82 === "done")) || (data82 === "bug"))){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/status",schemaPath:"#/properties/caseReports/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema31.properties.caseReports.items.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid22 = _errs161 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data78.actual_result !== undefined){
let data83 = data78.actual_result;
const _errs162 = errors;
if((typeof data83 !== "string") && (data83 !== null)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/actual_result",schemaPath:"#/properties/caseReports/items/properties/actual_result/type",keyword:"type",params:{type: schema31.properties.caseReports.items.properties.actual_result.type},message:"must be string,null"}];
return false;
}
if(errors === _errs162){
if(typeof data83 === "string"){
if(func1(data83) > 10000){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/actual_result",schemaPath:"#/properties/caseReports/items/properties/actual_result/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid22 = _errs162 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data78.severity !== undefined){
let data84 = data78.severity;
const _errs164 = errors;
if((typeof data84 !== "string") && (data84 !== null)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/severity",schemaPath:"#/properties/caseReports/items/properties/severity/type",keyword:"type",params:{type: schema31.properties.caseReports.items.properties.severity.type},message:"must be string,null"}];
return false;
}
if(errors === _errs164){
if(typeof data84 === "string"){
if(func1(data84) > 10000){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/severity",schemaPath:"#/properties/caseReports/items/properties/severity/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid22 = _errs164 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data78.priority !== undefined){
let data85 = data78.priority;
const _errs166 = errors;
if((typeof data85 !== "string") && (data85 !== null)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/priority",schemaPath:"#/properties/caseReports/items/properties/priority/type",keyword:"type",params:{type: schema31.properties.caseReports.items.properties.priority.type},message:"must be string,null"}];
return false;
}
if(errors === _errs166){
if(typeof data85 === "string"){
if(func1(data85) > 10000){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/priority",schemaPath:"#/properties/caseReports/items/properties/priority/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid22 = _errs166 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data78.task_id !== undefined){
let data86 = data78.task_id;
const _errs168 = errors;
if((!(((typeof data86 == "number") && (!(data86 % 1) && !isNaN(data86))) && (isFinite(data86)))) && (data86 !== null)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/task_id",schemaPath:"#/properties/caseReports/items/properties/task_id/type",keyword:"type",params:{type: schema31.properties.caseReports.items.properties.task_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs168){
if((typeof data86 == "number") && (isFinite(data86))){
if(data86 > 9007199254740991 || isNaN(data86)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/task_id",schemaPath:"#/properties/caseReports/items/properties/task_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data86 < 1 || isNaN(data86)){
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10+"/task_id",schemaPath:"#/properties/caseReports/items/properties/task_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs168 === errors;
}
else {
var valid22 = true;
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
validate20.errors = [{instancePath:instancePath+"/caseReports/" + i10,schemaPath:"#/properties/caseReports/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid21 = _errs153 === errors;
if(!valid21){
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
var valid0 = _errs151 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.tasks !== undefined){
let data87 = data.tasks;
const _errs170 = errors;
if(errors === _errs170){
if(Array.isArray(data87)){
if(data87.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/tasks",schemaPath:"#/properties/tasks/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid23 = true;
const len12 = data87.length;
for(let i11=0; i11<len12; i11++){
let data88 = data87[i11];
const _errs172 = errors;
if(errors === _errs172){
if(data88 && typeof data88 == "object" && !Array.isArray(data88)){
let missing11;
if((((((((((data88.id === undefined) && (missing11 = "id")) || ((data88.boardId === undefined) && (missing11 = "boardId"))) || ((data88.columnId === undefined) && (missing11 = "columnId"))) || ((data88.title === undefined) && (missing11 = "title"))) || ((data88.description === undefined) && (missing11 = "description"))) || ((data88.assignee_ids === undefined) && (missing11 = "assignee_ids"))) || ((data88.case_report_id === undefined) && (missing11 = "case_report_id"))) || ((data88.severity === undefined) && (missing11 = "severity"))) || ((data88.priority === undefined) && (missing11 = "priority"))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: missing11},message:"must have required property '"+missing11+"'"}];
return false;
}
else {
if(data88.id !== undefined){
let data89 = data88.id;
const _errs174 = errors;
if(!(((typeof data89 == "number") && (!(data89 % 1) && !isNaN(data89))) && (isFinite(data89)))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/id",schemaPath:"#/properties/tasks/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs174){
if((typeof data89 == "number") && (isFinite(data89))){
if(data89 > 9007199254740991 || isNaN(data89)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/id",schemaPath:"#/properties/tasks/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data89 < 1 || isNaN(data89)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/id",schemaPath:"#/properties/tasks/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid24 = _errs174 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data88.boardId !== undefined){
let data90 = data88.boardId;
const _errs176 = errors;
if(!(((typeof data90 == "number") && (!(data90 % 1) && !isNaN(data90))) && (isFinite(data90)))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/boardId",schemaPath:"#/properties/tasks/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs176){
if((typeof data90 == "number") && (isFinite(data90))){
if(data90 > 9007199254740991 || isNaN(data90)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/boardId",schemaPath:"#/properties/tasks/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data90 < 1 || isNaN(data90)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/boardId",schemaPath:"#/properties/tasks/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid24 = _errs176 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data88.columnId !== undefined){
let data91 = data88.columnId;
const _errs178 = errors;
if(!(((typeof data91 == "number") && (!(data91 % 1) && !isNaN(data91))) && (isFinite(data91)))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/columnId",schemaPath:"#/properties/tasks/items/properties/columnId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs178){
if((typeof data91 == "number") && (isFinite(data91))){
if(data91 > 9007199254740991 || isNaN(data91)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/columnId",schemaPath:"#/properties/tasks/items/properties/columnId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data91 < 1 || isNaN(data91)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/columnId",schemaPath:"#/properties/tasks/items/properties/columnId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid24 = _errs178 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data88.title !== undefined){
let data92 = data88.title;
const _errs180 = errors;
if(errors === _errs180){
if(typeof data92 === "string"){
if(func1(data92) > 10000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/title",schemaPath:"#/properties/tasks/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/title",schemaPath:"#/properties/tasks/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid24 = _errs180 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data88.description !== undefined){
let data93 = data88.description;
const _errs182 = errors;
if(errors === _errs182){
if(typeof data93 === "string"){
if(func1(data93) > 10000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/description",schemaPath:"#/properties/tasks/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/description",schemaPath:"#/properties/tasks/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid24 = _errs182 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data88.assignee_ids !== undefined){
let data94 = data88.assignee_ids;
const _errs184 = errors;
if(errors === _errs184){
if(Array.isArray(data94)){
if(data94.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/assignee_ids",schemaPath:"#/properties/tasks/items/properties/assignee_ids/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid25 = true;
const len13 = data94.length;
for(let i12=0; i12<len13; i12++){
let data95 = data94[i12];
const _errs186 = errors;
if(!(((typeof data95 == "number") && (!(data95 % 1) && !isNaN(data95))) && (isFinite(data95)))){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/assignee_ids/" + i12,schemaPath:"#/properties/tasks/items/properties/assignee_ids/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs186){
if((typeof data95 == "number") && (isFinite(data95))){
if(data95 > 9007199254740991 || isNaN(data95)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/assignee_ids/" + i12,schemaPath:"#/properties/tasks/items/properties/assignee_ids/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data95 < 1 || isNaN(data95)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/assignee_ids/" + i12,schemaPath:"#/properties/tasks/items/properties/assignee_ids/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid25 = _errs186 === errors;
if(!valid25){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/assignee_ids",schemaPath:"#/properties/tasks/items/properties/assignee_ids/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid24 = _errs184 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data88.case_report_id !== undefined){
let data96 = data88.case_report_id;
const _errs188 = errors;
if((!(((typeof data96 == "number") && (!(data96 % 1) && !isNaN(data96))) && (isFinite(data96)))) && (data96 !== null)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/case_report_id",schemaPath:"#/properties/tasks/items/properties/case_report_id/type",keyword:"type",params:{type: schema31.properties.tasks.items.properties.case_report_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs188){
if((typeof data96 == "number") && (isFinite(data96))){
if(data96 > 9007199254740991 || isNaN(data96)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/case_report_id",schemaPath:"#/properties/tasks/items/properties/case_report_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data96 < 1 || isNaN(data96)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/case_report_id",schemaPath:"#/properties/tasks/items/properties/case_report_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid24 = _errs188 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data88.severity !== undefined){
let data97 = data88.severity;
const _errs190 = errors;
if((typeof data97 !== "string") && (data97 !== null)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/severity",schemaPath:"#/properties/tasks/items/properties/severity/type",keyword:"type",params:{type: schema31.properties.tasks.items.properties.severity.type},message:"must be string,null"}];
return false;
}
if(errors === _errs190){
if(typeof data97 === "string"){
if(func1(data97) > 10000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/severity",schemaPath:"#/properties/tasks/items/properties/severity/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid24 = _errs190 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data88.priority !== undefined){
let data98 = data88.priority;
const _errs192 = errors;
if((typeof data98 !== "string") && (data98 !== null)){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/priority",schemaPath:"#/properties/tasks/items/properties/priority/type",keyword:"type",params:{type: schema31.properties.tasks.items.properties.priority.type},message:"must be string,null"}];
return false;
}
if(errors === _errs192){
if(typeof data98 === "string"){
if(func1(data98) > 10000){
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11+"/priority",schemaPath:"#/properties/tasks/items/properties/priority/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid24 = _errs192 === errors;
}
else {
var valid24 = true;
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
validate20.errors = [{instancePath:instancePath+"/tasks/" + i11,schemaPath:"#/properties/tasks/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid23 = _errs172 === errors;
if(!valid23){
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
var valid0 = _errs170 === errors;
}
else {
var valid0 = true;
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
return errors === 0;
}
validate20.evaluated = {"props":{"format":true,"version":true,"counters":true,"accounts":true,"companies":true,"boards":true,"tokens":true,"scenarios":true,"cases":true,"sessions":true,"caseReports":true,"tasks":true},"dynamicProps":false,"dynamicItems":false};

/** A saved world (a --state file, browser storage) has the shape the sandbox reads back. */
export const validateSnapshot: CompiledCheck = snapshot_validator;
