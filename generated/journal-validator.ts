/**
 * This file was generated from mocks/sandbox/worlds/snapshot-schema.ts by scripts/generate.ts (npm run generate).
 * Do not make direct changes to the file.
 */
// @ts-nocheck: ajv's standalone code, compiled at build time (generators/standalone-validators.ts); typed at its exports.
import runtime0 from 'ajv/dist/runtime/ucs2length.js';
import type { CompiledCheck } from '../contract/request-checks.js';

const runtime = (m) => m.default ?? m;
const record_validator = validate20;
const schema31 = {"type":"object","required":["seq"],"additionalProperties":false,"properties":{"seq":{"type":"integer","minimum":1,"maximum":9007199254740991},"counters":{"type":"object","required":[],"additionalProperties":false,"properties":{"account":{"type":"integer","minimum":0,"maximum":9007199254740991},"company":{"type":"integer","minimum":0,"maximum":9007199254740991},"board":{"type":"integer","minimum":0,"maximum":9007199254740991},"column":{"type":"integer","minimum":0,"maximum":9007199254740991},"scenario":{"type":"integer","minimum":0,"maximum":9007199254740991},"case":{"type":"integer","minimum":0,"maximum":9007199254740991},"session":{"type":"integer","minimum":0,"maximum":9007199254740991},"caseReport":{"type":"integer","minimum":0,"maximum":9007199254740991},"task":{"type":"integer","minimum":0,"maximum":9007199254740991}}},"put":{"type":"object","additionalProperties":false,"properties":{"accounts":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","username","email","first_name","last_name","description","passwordHash"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"username":{"type":"string","maxLength":10000},"email":{"type":"string","maxLength":10000},"first_name":{"type":"string","maxLength":10000},"last_name":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"passwordHash":{"type":"string","maxLength":1024},"totpSecret":{"type":"string","maxLength":256}}}},"registrations":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["accountId","atMs","client","used"],"properties":{"accountId":{"type":"integer","minimum":1,"maximum":9007199254740991},"atMs":{"type":"integer","minimum":0,"maximum":9007199254740991},"client":{"type":"string","maxLength":256},"used":{"type":"boolean"}}}},"companies":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","name","members"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"members":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"enum":["owner","qa","viewer"]}],"minItems":2,"maxItems":2}}}}},"boards":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","companyId","name","columns"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"companyId":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"columns":{"type":"array","maxItems":1000,"items":{"type":"object","required":["id","name","kind"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","maxLength":10000},"kind":{"enum":["backlog","todo","in_progress","done"]}}}}}}},"tokens":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["key","accountId","title","is_active","metadata","expires_at","created_at","secretHash"],"properties":{"key":{"type":"string","minLength":1,"maxLength":256},"accountId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"is_active":{"type":"boolean"},"metadata":{"type":"object"},"expires_at":{"type":["string","null"],"maxLength":64},"created_at":{"type":"string","maxLength":64},"secretHash":{"type":"string","pattern":"^[0-9a-f]{64}$"}}}},"scenarios":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","title","parent_id","position"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"parent_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991},"position":{"type":["integer","null"]}}}},"cases":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","scenarioId","title","description","steps_to_reproduce","expected_result"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"scenarioId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"steps_to_reproduce":{"type":"string","maxLength":10000},"expected_result":{"type":"string","maxLength":10000}}}},"sessions":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","scenarioId","title","is_active","reportIds","started_at","finished_at"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"scenarioId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"is_active":{"type":"boolean"},"reportIds":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"started_at":{"type":"string","maxLength":64},"finished_at":{"type":["string","null"],"maxLength":64}}}},"caseReports":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","sessionId","caseId","status","actual_result","severity","priority","task_id"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"sessionId":{"type":"integer","minimum":1,"maximum":9007199254740991},"caseId":{"type":"integer","minimum":1,"maximum":9007199254740991},"status":{"enum":["pending","done","bug"]},"actual_result":{"type":["string","null"],"maxLength":10000},"severity":{"type":["string","null"],"maxLength":10000},"priority":{"type":["string","null"],"maxLength":10000},"task_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}}}},"tasks":{"type":"array","maxItems":1000000,"items":{"type":"object","required":["id","boardId","columnId","title","description","assignee_ids","case_report_id","severity","priority"],"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"boardId":{"type":"integer","minimum":1,"maximum":9007199254740991},"columnId":{"type":"integer","minimum":1,"maximum":9007199254740991},"title":{"type":"string","maxLength":10000},"description":{"type":"string","maxLength":10000},"assignee_ids":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"case_report_id":{"type":["integer","null"],"minimum":1,"maximum":9007199254740991},"severity":{"type":["string","null"],"maxLength":10000},"priority":{"type":["string","null"],"maxLength":10000}}}}}},"del":{"type":"object","additionalProperties":false,"properties":{"accounts":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"registrations":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"companies":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"boards":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"tokens":{"type":"array","maxItems":1000000,"items":{"type":"string","minLength":1,"maxLength":256}},"scenarios":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"cases":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"sessions":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"caseReports":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}},"tasks":{"type":"array","maxItems":1000000,"items":{"type":"integer","minimum":1,"maximum":9007199254740991}}}},"owners":{"type":"object","additionalProperties":false,"properties":{"accounts":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"registrations":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"companies":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"boards":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"tokens":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"string","minLength":1,"maxLength":256},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"scenarios":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"cases":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"sessions":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"caseReports":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}},"tasks":{"type":"array","maxItems":1000000,"items":{"type":"array","prefixItems":[{"type":"integer","minimum":1,"maximum":9007199254740991},{"type":["integer","null"],"minimum":1,"maximum":9007199254740991}],"minItems":2,"maxItems":2}}}}}};
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
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.seq === undefined) && (missing0 = "seq")){
validate20.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "seq") || (key0 === "counters")) || (key0 === "put")) || (key0 === "del")) || (key0 === "owners"))){
validate20.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.seq !== undefined){
let data0 = data.seq;
const _errs2 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
validate20.errors = [{instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs2){
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 > 9007199254740991 || isNaN(data0)){
validate20.errors = [{instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data0 < 1 || isNaN(data0)){
validate20.errors = [{instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.counters !== undefined){
let data1 = data.counters;
const _errs4 = errors;
if(errors === _errs4){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
const _errs6 = errors;
for(const key1 in data1){
if(!(func1.call(schema31.properties.counters.properties, key1))){
validate20.errors = [{instancePath:instancePath+"/counters",schemaPath:"#/properties/counters/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs6 === errors){
if(data1.account !== undefined){
let data2 = data1.account;
const _errs7 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs7){
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 > 9007199254740991 || isNaN(data2)){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data2 < 0 || isNaN(data2)){
validate20.errors = [{instancePath:instancePath+"/counters/account",schemaPath:"#/properties/counters/properties/account/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
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
if(data1.company !== undefined){
let data3 = data1.company;
const _errs9 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs9){
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 9007199254740991 || isNaN(data3)){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data3 < 0 || isNaN(data3)){
validate20.errors = [{instancePath:instancePath+"/counters/company",schemaPath:"#/properties/counters/properties/company/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
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
if(data1.board !== undefined){
let data4 = data1.board;
const _errs11 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs11){
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 9007199254740991 || isNaN(data4)){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data4 < 0 || isNaN(data4)){
validate20.errors = [{instancePath:instancePath+"/counters/board",schemaPath:"#/properties/counters/properties/board/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
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
if(data1.column !== undefined){
let data5 = data1.column;
const _errs13 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs13){
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 9007199254740991 || isNaN(data5)){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < 0 || isNaN(data5)){
validate20.errors = [{instancePath:instancePath+"/counters/column",schemaPath:"#/properties/counters/properties/column/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
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
if(data1.scenario !== undefined){
let data6 = data1.scenario;
const _errs15 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs15){
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 9007199254740991 || isNaN(data6)){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data6 < 0 || isNaN(data6)){
validate20.errors = [{instancePath:instancePath+"/counters/scenario",schemaPath:"#/properties/counters/properties/scenario/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
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
if(data1.case !== undefined){
let data7 = data1.case;
const _errs17 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs17){
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 9007199254740991 || isNaN(data7)){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data7 < 0 || isNaN(data7)){
validate20.errors = [{instancePath:instancePath+"/counters/case",schemaPath:"#/properties/counters/properties/case/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
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
if(data1.session !== undefined){
let data8 = data1.session;
const _errs19 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs19){
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 9007199254740991 || isNaN(data8)){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 < 0 || isNaN(data8)){
validate20.errors = [{instancePath:instancePath+"/counters/session",schemaPath:"#/properties/counters/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
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
if(data1.caseReport !== undefined){
let data9 = data1.caseReport;
const _errs21 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 9007199254740991 || isNaN(data9)){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 < 0 || isNaN(data9)){
validate20.errors = [{instancePath:instancePath+"/counters/caseReport",schemaPath:"#/properties/counters/properties/caseReport/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
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
if(valid1){
if(data1.task !== undefined){
let data10 = data1.task;
const _errs23 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs23){
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 9007199254740991 || isNaN(data10)){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < 0 || isNaN(data10)){
validate20.errors = [{instancePath:instancePath+"/counters/task",schemaPath:"#/properties/counters/properties/task/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid1 = _errs23 === errors;
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
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.put !== undefined){
let data11 = data.put;
const _errs25 = errors;
if(errors === _errs25){
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
const _errs27 = errors;
for(const key2 in data11){
if(!(func1.call(schema31.properties.put.properties, key2))){
validate20.errors = [{instancePath:instancePath+"/put",schemaPath:"#/properties/put/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs27 === errors){
if(data11.accounts !== undefined){
let data12 = data11.accounts;
const _errs28 = errors;
if(errors === _errs28){
if(Array.isArray(data12)){
if(data12.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/accounts",schemaPath:"#/properties/put/properties/accounts/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid3 = true;
const len0 = data12.length;
for(let i0=0; i0<len0; i0++){
let data13 = data12[i0];
const _errs30 = errors;
if(errors === _errs30){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
let missing1;
if((((((((data13.id === undefined) && (missing1 = "id")) || ((data13.username === undefined) && (missing1 = "username"))) || ((data13.email === undefined) && (missing1 = "email"))) || ((data13.first_name === undefined) && (missing1 = "first_name"))) || ((data13.last_name === undefined) && (missing1 = "last_name"))) || ((data13.description === undefined) && (missing1 = "description"))) || ((data13.passwordHash === undefined) && (missing1 = "passwordHash"))){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0,schemaPath:"#/properties/put/properties/accounts/items/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data13.id !== undefined){
let data14 = data13.id;
const _errs32 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/id",schemaPath:"#/properties/put/properties/accounts/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs32){
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 > 9007199254740991 || isNaN(data14)){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/id",schemaPath:"#/properties/put/properties/accounts/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data14 < 1 || isNaN(data14)){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/id",schemaPath:"#/properties/put/properties/accounts/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid4 = _errs32 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data13.username !== undefined){
let data15 = data13.username;
const _errs34 = errors;
if(errors === _errs34){
if(typeof data15 === "string"){
if(func3(data15) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/username",schemaPath:"#/properties/put/properties/accounts/items/properties/username/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/username",schemaPath:"#/properties/put/properties/accounts/items/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs34 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data13.email !== undefined){
let data16 = data13.email;
const _errs36 = errors;
if(errors === _errs36){
if(typeof data16 === "string"){
if(func3(data16) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/email",schemaPath:"#/properties/put/properties/accounts/items/properties/email/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/email",schemaPath:"#/properties/put/properties/accounts/items/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs36 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data13.first_name !== undefined){
let data17 = data13.first_name;
const _errs38 = errors;
if(errors === _errs38){
if(typeof data17 === "string"){
if(func3(data17) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/first_name",schemaPath:"#/properties/put/properties/accounts/items/properties/first_name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/first_name",schemaPath:"#/properties/put/properties/accounts/items/properties/first_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs38 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data13.last_name !== undefined){
let data18 = data13.last_name;
const _errs40 = errors;
if(errors === _errs40){
if(typeof data18 === "string"){
if(func3(data18) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/last_name",schemaPath:"#/properties/put/properties/accounts/items/properties/last_name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/last_name",schemaPath:"#/properties/put/properties/accounts/items/properties/last_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs40 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data13.description !== undefined){
let data19 = data13.description;
const _errs42 = errors;
if(errors === _errs42){
if(typeof data19 === "string"){
if(func3(data19) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/description",schemaPath:"#/properties/put/properties/accounts/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/description",schemaPath:"#/properties/put/properties/accounts/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs42 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data13.passwordHash !== undefined){
let data20 = data13.passwordHash;
const _errs44 = errors;
if(errors === _errs44){
if(typeof data20 === "string"){
if(func3(data20) > 1024){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/passwordHash",schemaPath:"#/properties/put/properties/accounts/items/properties/passwordHash/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/passwordHash",schemaPath:"#/properties/put/properties/accounts/items/properties/passwordHash/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs44 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data13.totpSecret !== undefined){
let data21 = data13.totpSecret;
const _errs46 = errors;
if(errors === _errs46){
if(typeof data21 === "string"){
if(func3(data21) > 256){
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/totpSecret",schemaPath:"#/properties/put/properties/accounts/items/properties/totpSecret/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0+"/totpSecret",schemaPath:"#/properties/put/properties/accounts/items/properties/totpSecret/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs46 === errors;
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
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts/" + i0,schemaPath:"#/properties/put/properties/accounts/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs30 === errors;
if(!valid3){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/accounts",schemaPath:"#/properties/put/properties/accounts/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs28 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.registrations !== undefined){
let data22 = data11.registrations;
const _errs48 = errors;
if(errors === _errs48){
if(Array.isArray(data22)){
if(data22.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/registrations",schemaPath:"#/properties/put/properties/registrations/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid5 = true;
const len1 = data22.length;
for(let i1=0; i1<len1; i1++){
let data23 = data22[i1];
const _errs50 = errors;
if(errors === _errs50){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
let missing2;
if(((((data23.accountId === undefined) && (missing2 = "accountId")) || ((data23.atMs === undefined) && (missing2 = "atMs"))) || ((data23.client === undefined) && (missing2 = "client"))) || ((data23.used === undefined) && (missing2 = "used"))){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1,schemaPath:"#/properties/put/properties/registrations/items/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
if(data23.accountId !== undefined){
let data24 = data23.accountId;
const _errs52 = errors;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/accountId",schemaPath:"#/properties/put/properties/registrations/items/properties/accountId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs52){
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 > 9007199254740991 || isNaN(data24)){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/accountId",schemaPath:"#/properties/put/properties/registrations/items/properties/accountId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data24 < 1 || isNaN(data24)){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/accountId",schemaPath:"#/properties/put/properties/registrations/items/properties/accountId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid6 = _errs52 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data23.atMs !== undefined){
let data25 = data23.atMs;
const _errs54 = errors;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/atMs",schemaPath:"#/properties/put/properties/registrations/items/properties/atMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs54){
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 > 9007199254740991 || isNaN(data25)){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/atMs",schemaPath:"#/properties/put/properties/registrations/items/properties/atMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data25 < 0 || isNaN(data25)){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/atMs",schemaPath:"#/properties/put/properties/registrations/items/properties/atMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
}
var valid6 = _errs54 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data23.client !== undefined){
let data26 = data23.client;
const _errs56 = errors;
if(errors === _errs56){
if(typeof data26 === "string"){
if(func3(data26) > 256){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/client",schemaPath:"#/properties/put/properties/registrations/items/properties/client/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/client",schemaPath:"#/properties/put/properties/registrations/items/properties/client/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid6 = _errs56 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data23.used !== undefined){
const _errs58 = errors;
if(typeof data23.used !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1+"/used",schemaPath:"#/properties/put/properties/registrations/items/properties/used/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid6 = _errs58 === errors;
}
else {
var valid6 = true;
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/registrations/" + i1,schemaPath:"#/properties/put/properties/registrations/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid5 = _errs50 === errors;
if(!valid5){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/registrations",schemaPath:"#/properties/put/properties/registrations/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs48 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.companies !== undefined){
let data28 = data11.companies;
const _errs60 = errors;
if(errors === _errs60){
if(Array.isArray(data28)){
if(data28.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/companies",schemaPath:"#/properties/put/properties/companies/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid7 = true;
const len2 = data28.length;
for(let i2=0; i2<len2; i2++){
let data29 = data28[i2];
const _errs62 = errors;
if(errors === _errs62){
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
let missing3;
if((((data29.id === undefined) && (missing3 = "id")) || ((data29.name === undefined) && (missing3 = "name"))) || ((data29.members === undefined) && (missing3 = "members"))){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2,schemaPath:"#/properties/put/properties/companies/items/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
if(data29.id !== undefined){
let data30 = data29.id;
const _errs64 = errors;
if(!(((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30))) && (isFinite(data30)))){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/id",schemaPath:"#/properties/put/properties/companies/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs64){
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 > 9007199254740991 || isNaN(data30)){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/id",schemaPath:"#/properties/put/properties/companies/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data30 < 1 || isNaN(data30)){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/id",schemaPath:"#/properties/put/properties/companies/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid8 = _errs64 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data29.name !== undefined){
let data31 = data29.name;
const _errs66 = errors;
if(errors === _errs66){
if(typeof data31 === "string"){
if(func3(data31) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/name",schemaPath:"#/properties/put/properties/companies/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/name",schemaPath:"#/properties/put/properties/companies/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid8 = _errs66 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data29.members !== undefined){
let data32 = data29.members;
const _errs68 = errors;
if(errors === _errs68){
if(Array.isArray(data32)){
if(data32.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members",schemaPath:"#/properties/put/properties/companies/items/properties/members/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid9 = true;
const len3 = data32.length;
for(let i3=0; i3<len3; i3++){
let data33 = data32[i3];
const _errs70 = errors;
if(errors === _errs70){
if(Array.isArray(data33)){
if(data33.length > 2){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members/" + i3,schemaPath:"#/properties/put/properties/companies/items/properties/members/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data33.length < 2){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members/" + i3,schemaPath:"#/properties/put/properties/companies/items/properties/members/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len4 = data33.length;
if(len4 > 0){
let data34 = data33[0];
const _errs72 = errors;
if(!(((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34))) && (isFinite(data34)))){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members/" + i3+"/0",schemaPath:"#/properties/put/properties/companies/items/properties/members/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs72){
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 > 9007199254740991 || isNaN(data34)){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members/" + i3+"/0",schemaPath:"#/properties/put/properties/companies/items/properties/members/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data34 < 1 || isNaN(data34)){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members/" + i3+"/0",schemaPath:"#/properties/put/properties/companies/items/properties/members/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid10 = _errs72 === errors;
}
if(valid10){
if(len4 > 1){
let data35 = data33[1];
const _errs74 = errors;
if(!(((data35 === "owner") || (data35 === "qa")) || (data35 === "viewer"))){
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members/" + i3+"/1",schemaPath:"#/properties/put/properties/companies/items/properties/members/items/prefixItems/1/enum",keyword:"enum",params:{allowedValues: schema31.properties.put.properties.companies.items.properties.members.items.prefixItems[1].enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid10 = _errs74 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members/" + i3,schemaPath:"#/properties/put/properties/companies/items/properties/members/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid9 = _errs70 === errors;
if(!valid9){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2+"/members",schemaPath:"#/properties/put/properties/companies/items/properties/members/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid8 = _errs68 === errors;
}
else {
var valid8 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/companies/" + i2,schemaPath:"#/properties/put/properties/companies/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid7 = _errs62 === errors;
if(!valid7){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/companies",schemaPath:"#/properties/put/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs60 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.boards !== undefined){
let data36 = data11.boards;
const _errs75 = errors;
if(errors === _errs75){
if(Array.isArray(data36)){
if(data36.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/boards",schemaPath:"#/properties/put/properties/boards/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid11 = true;
const len5 = data36.length;
for(let i4=0; i4<len5; i4++){
let data37 = data36[i4];
const _errs77 = errors;
if(errors === _errs77){
if(data37 && typeof data37 == "object" && !Array.isArray(data37)){
let missing4;
if(((((data37.id === undefined) && (missing4 = "id")) || ((data37.companyId === undefined) && (missing4 = "companyId"))) || ((data37.name === undefined) && (missing4 = "name"))) || ((data37.columns === undefined) && (missing4 = "columns"))){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4,schemaPath:"#/properties/put/properties/boards/items/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'"}];
return false;
}
else {
if(data37.id !== undefined){
let data38 = data37.id;
const _errs79 = errors;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/id",schemaPath:"#/properties/put/properties/boards/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs79){
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 > 9007199254740991 || isNaN(data38)){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/id",schemaPath:"#/properties/put/properties/boards/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data38 < 1 || isNaN(data38)){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/id",schemaPath:"#/properties/put/properties/boards/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid12 = _errs79 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data37.companyId !== undefined){
let data39 = data37.companyId;
const _errs81 = errors;
if(!(((typeof data39 == "number") && (!(data39 % 1) && !isNaN(data39))) && (isFinite(data39)))){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/companyId",schemaPath:"#/properties/put/properties/boards/items/properties/companyId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs81){
if((typeof data39 == "number") && (isFinite(data39))){
if(data39 > 9007199254740991 || isNaN(data39)){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/companyId",schemaPath:"#/properties/put/properties/boards/items/properties/companyId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data39 < 1 || isNaN(data39)){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/companyId",schemaPath:"#/properties/put/properties/boards/items/properties/companyId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid12 = _errs81 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data37.name !== undefined){
let data40 = data37.name;
const _errs83 = errors;
if(errors === _errs83){
if(typeof data40 === "string"){
if(func3(data40) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/name",schemaPath:"#/properties/put/properties/boards/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/name",schemaPath:"#/properties/put/properties/boards/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid12 = _errs83 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data37.columns !== undefined){
let data41 = data37.columns;
const _errs85 = errors;
if(errors === _errs85){
if(Array.isArray(data41)){
if(data41.length > 1000){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns",schemaPath:"#/properties/put/properties/boards/items/properties/columns/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"}];
return false;
}
else {
var valid13 = true;
const len6 = data41.length;
for(let i5=0; i5<len6; i5++){
let data42 = data41[i5];
const _errs87 = errors;
if(errors === _errs87){
if(data42 && typeof data42 == "object" && !Array.isArray(data42)){
let missing5;
if((((data42.id === undefined) && (missing5 = "id")) || ((data42.name === undefined) && (missing5 = "name"))) || ((data42.kind === undefined) && (missing5 = "kind"))){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns/" + i5,schemaPath:"#/properties/put/properties/boards/items/properties/columns/items/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'"}];
return false;
}
else {
if(data42.id !== undefined){
let data43 = data42.id;
const _errs89 = errors;
if(!(((typeof data43 == "number") && (!(data43 % 1) && !isNaN(data43))) && (isFinite(data43)))){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns/" + i5+"/id",schemaPath:"#/properties/put/properties/boards/items/properties/columns/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs89){
if((typeof data43 == "number") && (isFinite(data43))){
if(data43 > 9007199254740991 || isNaN(data43)){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns/" + i5+"/id",schemaPath:"#/properties/put/properties/boards/items/properties/columns/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data43 < 1 || isNaN(data43)){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns/" + i5+"/id",schemaPath:"#/properties/put/properties/boards/items/properties/columns/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid14 = _errs89 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data42.name !== undefined){
let data44 = data42.name;
const _errs91 = errors;
if(errors === _errs91){
if(typeof data44 === "string"){
if(func3(data44) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns/" + i5+"/name",schemaPath:"#/properties/put/properties/boards/items/properties/columns/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns/" + i5+"/name",schemaPath:"#/properties/put/properties/boards/items/properties/columns/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid14 = _errs91 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data42.kind !== undefined){
let data45 = data42.kind;
const _errs93 = errors;
if(!((((data45 === "backlog") || (data45 === "todo")) || (data45 === "in_progress")) || (data45 === "done"))){
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns/" + i5+"/kind",schemaPath:"#/properties/put/properties/boards/items/properties/columns/items/properties/kind/enum",keyword:"enum",params:{allowedValues: schema31.properties.put.properties.boards.items.properties.columns.items.properties.kind.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid14 = _errs93 === errors;
}
else {
var valid14 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns/" + i5,schemaPath:"#/properties/put/properties/boards/items/properties/columns/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid13 = _errs87 === errors;
if(!valid13){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4+"/columns",schemaPath:"#/properties/put/properties/boards/items/properties/columns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid12 = _errs85 === errors;
}
else {
var valid12 = true;
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/boards/" + i4,schemaPath:"#/properties/put/properties/boards/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid11 = _errs77 === errors;
if(!valid11){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/boards",schemaPath:"#/properties/put/properties/boards/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs75 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.tokens !== undefined){
let data46 = data11.tokens;
const _errs94 = errors;
if(errors === _errs94){
if(Array.isArray(data46)){
if(data46.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/tokens",schemaPath:"#/properties/put/properties/tokens/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid15 = true;
const len7 = data46.length;
for(let i6=0; i6<len7; i6++){
let data47 = data46[i6];
const _errs96 = errors;
if(errors === _errs96){
if(data47 && typeof data47 == "object" && !Array.isArray(data47)){
let missing6;
if(((((((((data47.key === undefined) && (missing6 = "key")) || ((data47.accountId === undefined) && (missing6 = "accountId"))) || ((data47.title === undefined) && (missing6 = "title"))) || ((data47.is_active === undefined) && (missing6 = "is_active"))) || ((data47.metadata === undefined) && (missing6 = "metadata"))) || ((data47.expires_at === undefined) && (missing6 = "expires_at"))) || ((data47.created_at === undefined) && (missing6 = "created_at"))) || ((data47.secretHash === undefined) && (missing6 = "secretHash"))){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6,schemaPath:"#/properties/put/properties/tokens/items/required",keyword:"required",params:{missingProperty: missing6},message:"must have required property '"+missing6+"'"}];
return false;
}
else {
if(data47.key !== undefined){
let data48 = data47.key;
const _errs98 = errors;
if(errors === _errs98){
if(typeof data48 === "string"){
if(func3(data48) > 256){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/key",schemaPath:"#/properties/put/properties/tokens/items/properties/key/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
else {
if(func3(data48) < 1){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/key",schemaPath:"#/properties/put/properties/tokens/items/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/key",schemaPath:"#/properties/put/properties/tokens/items/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid16 = _errs98 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data47.accountId !== undefined){
let data49 = data47.accountId;
const _errs100 = errors;
if(!(((typeof data49 == "number") && (!(data49 % 1) && !isNaN(data49))) && (isFinite(data49)))){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/accountId",schemaPath:"#/properties/put/properties/tokens/items/properties/accountId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs100){
if((typeof data49 == "number") && (isFinite(data49))){
if(data49 > 9007199254740991 || isNaN(data49)){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/accountId",schemaPath:"#/properties/put/properties/tokens/items/properties/accountId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data49 < 1 || isNaN(data49)){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/accountId",schemaPath:"#/properties/put/properties/tokens/items/properties/accountId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid16 = _errs100 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data47.title !== undefined){
let data50 = data47.title;
const _errs102 = errors;
if(errors === _errs102){
if(typeof data50 === "string"){
if(func3(data50) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/title",schemaPath:"#/properties/put/properties/tokens/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/title",schemaPath:"#/properties/put/properties/tokens/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid16 = _errs102 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data47.is_active !== undefined){
const _errs104 = errors;
if(typeof data47.is_active !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/is_active",schemaPath:"#/properties/put/properties/tokens/items/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid16 = _errs104 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data47.metadata !== undefined){
let data52 = data47.metadata;
const _errs106 = errors;
if(!(data52 && typeof data52 == "object" && !Array.isArray(data52))){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/metadata",schemaPath:"#/properties/put/properties/tokens/items/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
var valid16 = _errs106 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data47.expires_at !== undefined){
let data53 = data47.expires_at;
const _errs108 = errors;
if((typeof data53 !== "string") && (data53 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/expires_at",schemaPath:"#/properties/put/properties/tokens/items/properties/expires_at/type",keyword:"type",params:{type: schema31.properties.put.properties.tokens.items.properties.expires_at.type},message:"must be string,null"}];
return false;
}
if(errors === _errs108){
if(typeof data53 === "string"){
if(func3(data53) > 64){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/expires_at",schemaPath:"#/properties/put/properties/tokens/items/properties/expires_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
}
var valid16 = _errs108 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data47.created_at !== undefined){
let data54 = data47.created_at;
const _errs110 = errors;
if(errors === _errs110){
if(typeof data54 === "string"){
if(func3(data54) > 64){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/created_at",schemaPath:"#/properties/put/properties/tokens/items/properties/created_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/created_at",schemaPath:"#/properties/put/properties/tokens/items/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid16 = _errs110 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data47.secretHash !== undefined){
let data55 = data47.secretHash;
const _errs112 = errors;
if(errors === _errs112){
if(typeof data55 === "string"){
if(!pattern4.test(data55)){
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/secretHash",schemaPath:"#/properties/put/properties/tokens/items/properties/secretHash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6+"/secretHash",schemaPath:"#/properties/put/properties/tokens/items/properties/secretHash/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid16 = _errs112 === errors;
}
else {
var valid16 = true;
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
validate20.errors = [{instancePath:instancePath+"/put/tokens/" + i6,schemaPath:"#/properties/put/properties/tokens/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid15 = _errs96 === errors;
if(!valid15){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tokens",schemaPath:"#/properties/put/properties/tokens/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs94 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.scenarios !== undefined){
let data56 = data11.scenarios;
const _errs114 = errors;
if(errors === _errs114){
if(Array.isArray(data56)){
if(data56.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/scenarios",schemaPath:"#/properties/put/properties/scenarios/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid17 = true;
const len8 = data56.length;
for(let i7=0; i7<len8; i7++){
let data57 = data56[i7];
const _errs116 = errors;
if(errors === _errs116){
if(data57 && typeof data57 == "object" && !Array.isArray(data57)){
let missing7;
if((((((data57.id === undefined) && (missing7 = "id")) || ((data57.boardId === undefined) && (missing7 = "boardId"))) || ((data57.title === undefined) && (missing7 = "title"))) || ((data57.parent_id === undefined) && (missing7 = "parent_id"))) || ((data57.position === undefined) && (missing7 = "position"))){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7,schemaPath:"#/properties/put/properties/scenarios/items/required",keyword:"required",params:{missingProperty: missing7},message:"must have required property '"+missing7+"'"}];
return false;
}
else {
if(data57.id !== undefined){
let data58 = data57.id;
const _errs118 = errors;
if(!(((typeof data58 == "number") && (!(data58 % 1) && !isNaN(data58))) && (isFinite(data58)))){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/id",schemaPath:"#/properties/put/properties/scenarios/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs118){
if((typeof data58 == "number") && (isFinite(data58))){
if(data58 > 9007199254740991 || isNaN(data58)){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/id",schemaPath:"#/properties/put/properties/scenarios/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data58 < 1 || isNaN(data58)){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/id",schemaPath:"#/properties/put/properties/scenarios/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid18 = _errs118 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data57.boardId !== undefined){
let data59 = data57.boardId;
const _errs120 = errors;
if(!(((typeof data59 == "number") && (!(data59 % 1) && !isNaN(data59))) && (isFinite(data59)))){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/boardId",schemaPath:"#/properties/put/properties/scenarios/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs120){
if((typeof data59 == "number") && (isFinite(data59))){
if(data59 > 9007199254740991 || isNaN(data59)){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/boardId",schemaPath:"#/properties/put/properties/scenarios/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data59 < 1 || isNaN(data59)){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/boardId",schemaPath:"#/properties/put/properties/scenarios/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid18 = _errs120 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data57.title !== undefined){
let data60 = data57.title;
const _errs122 = errors;
if(errors === _errs122){
if(typeof data60 === "string"){
if(func3(data60) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/title",schemaPath:"#/properties/put/properties/scenarios/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/title",schemaPath:"#/properties/put/properties/scenarios/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid18 = _errs122 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data57.parent_id !== undefined){
let data61 = data57.parent_id;
const _errs124 = errors;
if((!(((typeof data61 == "number") && (!(data61 % 1) && !isNaN(data61))) && (isFinite(data61)))) && (data61 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/parent_id",schemaPath:"#/properties/put/properties/scenarios/items/properties/parent_id/type",keyword:"type",params:{type: schema31.properties.put.properties.scenarios.items.properties.parent_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs124){
if((typeof data61 == "number") && (isFinite(data61))){
if(data61 > 9007199254740991 || isNaN(data61)){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/parent_id",schemaPath:"#/properties/put/properties/scenarios/items/properties/parent_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data61 < 1 || isNaN(data61)){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/parent_id",schemaPath:"#/properties/put/properties/scenarios/items/properties/parent_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid18 = _errs124 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data57.position !== undefined){
let data62 = data57.position;
const _errs126 = errors;
if((!(((typeof data62 == "number") && (!(data62 % 1) && !isNaN(data62))) && (isFinite(data62)))) && (data62 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7+"/position",schemaPath:"#/properties/put/properties/scenarios/items/properties/position/type",keyword:"type",params:{type: schema31.properties.put.properties.scenarios.items.properties.position.type},message:"must be integer,null"}];
return false;
}
var valid18 = _errs126 === errors;
}
else {
var valid18 = true;
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/scenarios/" + i7,schemaPath:"#/properties/put/properties/scenarios/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid17 = _errs116 === errors;
if(!valid17){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/scenarios",schemaPath:"#/properties/put/properties/scenarios/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs114 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.cases !== undefined){
let data63 = data11.cases;
const _errs128 = errors;
if(errors === _errs128){
if(Array.isArray(data63)){
if(data63.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/cases",schemaPath:"#/properties/put/properties/cases/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid19 = true;
const len9 = data63.length;
for(let i8=0; i8<len9; i8++){
let data64 = data63[i8];
const _errs130 = errors;
if(errors === _errs130){
if(data64 && typeof data64 == "object" && !Array.isArray(data64)){
let missing8;
if((((((((data64.id === undefined) && (missing8 = "id")) || ((data64.boardId === undefined) && (missing8 = "boardId"))) || ((data64.scenarioId === undefined) && (missing8 = "scenarioId"))) || ((data64.title === undefined) && (missing8 = "title"))) || ((data64.description === undefined) && (missing8 = "description"))) || ((data64.steps_to_reproduce === undefined) && (missing8 = "steps_to_reproduce"))) || ((data64.expected_result === undefined) && (missing8 = "expected_result"))){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8,schemaPath:"#/properties/put/properties/cases/items/required",keyword:"required",params:{missingProperty: missing8},message:"must have required property '"+missing8+"'"}];
return false;
}
else {
if(data64.id !== undefined){
let data65 = data64.id;
const _errs132 = errors;
if(!(((typeof data65 == "number") && (!(data65 % 1) && !isNaN(data65))) && (isFinite(data65)))){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/id",schemaPath:"#/properties/put/properties/cases/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs132){
if((typeof data65 == "number") && (isFinite(data65))){
if(data65 > 9007199254740991 || isNaN(data65)){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/id",schemaPath:"#/properties/put/properties/cases/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data65 < 1 || isNaN(data65)){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/id",schemaPath:"#/properties/put/properties/cases/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid20 = _errs132 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data64.boardId !== undefined){
let data66 = data64.boardId;
const _errs134 = errors;
if(!(((typeof data66 == "number") && (!(data66 % 1) && !isNaN(data66))) && (isFinite(data66)))){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/boardId",schemaPath:"#/properties/put/properties/cases/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs134){
if((typeof data66 == "number") && (isFinite(data66))){
if(data66 > 9007199254740991 || isNaN(data66)){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/boardId",schemaPath:"#/properties/put/properties/cases/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data66 < 1 || isNaN(data66)){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/boardId",schemaPath:"#/properties/put/properties/cases/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid20 = _errs134 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data64.scenarioId !== undefined){
let data67 = data64.scenarioId;
const _errs136 = errors;
if(!(((typeof data67 == "number") && (!(data67 % 1) && !isNaN(data67))) && (isFinite(data67)))){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/scenarioId",schemaPath:"#/properties/put/properties/cases/items/properties/scenarioId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs136){
if((typeof data67 == "number") && (isFinite(data67))){
if(data67 > 9007199254740991 || isNaN(data67)){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/scenarioId",schemaPath:"#/properties/put/properties/cases/items/properties/scenarioId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data67 < 1 || isNaN(data67)){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/scenarioId",schemaPath:"#/properties/put/properties/cases/items/properties/scenarioId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid20 = _errs136 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data64.title !== undefined){
let data68 = data64.title;
const _errs138 = errors;
if(errors === _errs138){
if(typeof data68 === "string"){
if(func3(data68) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/title",schemaPath:"#/properties/put/properties/cases/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/title",schemaPath:"#/properties/put/properties/cases/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid20 = _errs138 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data64.description !== undefined){
let data69 = data64.description;
const _errs140 = errors;
if(errors === _errs140){
if(typeof data69 === "string"){
if(func3(data69) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/description",schemaPath:"#/properties/put/properties/cases/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/description",schemaPath:"#/properties/put/properties/cases/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid20 = _errs140 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data64.steps_to_reproduce !== undefined){
let data70 = data64.steps_to_reproduce;
const _errs142 = errors;
if(errors === _errs142){
if(typeof data70 === "string"){
if(func3(data70) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/steps_to_reproduce",schemaPath:"#/properties/put/properties/cases/items/properties/steps_to_reproduce/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/steps_to_reproduce",schemaPath:"#/properties/put/properties/cases/items/properties/steps_to_reproduce/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid20 = _errs142 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data64.expected_result !== undefined){
let data71 = data64.expected_result;
const _errs144 = errors;
if(errors === _errs144){
if(typeof data71 === "string"){
if(func3(data71) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/expected_result",schemaPath:"#/properties/put/properties/cases/items/properties/expected_result/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8+"/expected_result",schemaPath:"#/properties/put/properties/cases/items/properties/expected_result/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid20 = _errs144 === errors;
}
else {
var valid20 = true;
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
validate20.errors = [{instancePath:instancePath+"/put/cases/" + i8,schemaPath:"#/properties/put/properties/cases/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid19 = _errs130 === errors;
if(!valid19){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/cases",schemaPath:"#/properties/put/properties/cases/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs128 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.sessions !== undefined){
let data72 = data11.sessions;
const _errs146 = errors;
if(errors === _errs146){
if(Array.isArray(data72)){
if(data72.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/sessions",schemaPath:"#/properties/put/properties/sessions/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid21 = true;
const len10 = data72.length;
for(let i9=0; i9<len10; i9++){
let data73 = data72[i9];
const _errs148 = errors;
if(errors === _errs148){
if(data73 && typeof data73 == "object" && !Array.isArray(data73)){
let missing9;
if(((((((((data73.id === undefined) && (missing9 = "id")) || ((data73.boardId === undefined) && (missing9 = "boardId"))) || ((data73.scenarioId === undefined) && (missing9 = "scenarioId"))) || ((data73.title === undefined) && (missing9 = "title"))) || ((data73.is_active === undefined) && (missing9 = "is_active"))) || ((data73.reportIds === undefined) && (missing9 = "reportIds"))) || ((data73.started_at === undefined) && (missing9 = "started_at"))) || ((data73.finished_at === undefined) && (missing9 = "finished_at"))){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9,schemaPath:"#/properties/put/properties/sessions/items/required",keyword:"required",params:{missingProperty: missing9},message:"must have required property '"+missing9+"'"}];
return false;
}
else {
if(data73.id !== undefined){
let data74 = data73.id;
const _errs150 = errors;
if(!(((typeof data74 == "number") && (!(data74 % 1) && !isNaN(data74))) && (isFinite(data74)))){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/id",schemaPath:"#/properties/put/properties/sessions/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs150){
if((typeof data74 == "number") && (isFinite(data74))){
if(data74 > 9007199254740991 || isNaN(data74)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/id",schemaPath:"#/properties/put/properties/sessions/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data74 < 1 || isNaN(data74)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/id",schemaPath:"#/properties/put/properties/sessions/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs150 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data73.boardId !== undefined){
let data75 = data73.boardId;
const _errs152 = errors;
if(!(((typeof data75 == "number") && (!(data75 % 1) && !isNaN(data75))) && (isFinite(data75)))){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/boardId",schemaPath:"#/properties/put/properties/sessions/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs152){
if((typeof data75 == "number") && (isFinite(data75))){
if(data75 > 9007199254740991 || isNaN(data75)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/boardId",schemaPath:"#/properties/put/properties/sessions/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data75 < 1 || isNaN(data75)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/boardId",schemaPath:"#/properties/put/properties/sessions/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs152 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data73.scenarioId !== undefined){
let data76 = data73.scenarioId;
const _errs154 = errors;
if(!(((typeof data76 == "number") && (!(data76 % 1) && !isNaN(data76))) && (isFinite(data76)))){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/scenarioId",schemaPath:"#/properties/put/properties/sessions/items/properties/scenarioId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs154){
if((typeof data76 == "number") && (isFinite(data76))){
if(data76 > 9007199254740991 || isNaN(data76)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/scenarioId",schemaPath:"#/properties/put/properties/sessions/items/properties/scenarioId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data76 < 1 || isNaN(data76)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/scenarioId",schemaPath:"#/properties/put/properties/sessions/items/properties/scenarioId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid22 = _errs154 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data73.title !== undefined){
let data77 = data73.title;
const _errs156 = errors;
if(errors === _errs156){
if(typeof data77 === "string"){
if(func3(data77) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/title",schemaPath:"#/properties/put/properties/sessions/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/title",schemaPath:"#/properties/put/properties/sessions/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid22 = _errs156 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data73.is_active !== undefined){
const _errs158 = errors;
if(typeof data73.is_active !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/is_active",schemaPath:"#/properties/put/properties/sessions/items/properties/is_active/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid22 = _errs158 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data73.reportIds !== undefined){
let data79 = data73.reportIds;
const _errs160 = errors;
if(errors === _errs160){
if(Array.isArray(data79)){
if(data79.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/reportIds",schemaPath:"#/properties/put/properties/sessions/items/properties/reportIds/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid23 = true;
const len11 = data79.length;
for(let i10=0; i10<len11; i10++){
let data80 = data79[i10];
const _errs162 = errors;
if(!(((typeof data80 == "number") && (!(data80 % 1) && !isNaN(data80))) && (isFinite(data80)))){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/reportIds/" + i10,schemaPath:"#/properties/put/properties/sessions/items/properties/reportIds/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs162){
if((typeof data80 == "number") && (isFinite(data80))){
if(data80 > 9007199254740991 || isNaN(data80)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/reportIds/" + i10,schemaPath:"#/properties/put/properties/sessions/items/properties/reportIds/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data80 < 1 || isNaN(data80)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/reportIds/" + i10,schemaPath:"#/properties/put/properties/sessions/items/properties/reportIds/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid23 = _errs162 === errors;
if(!valid23){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/reportIds",schemaPath:"#/properties/put/properties/sessions/items/properties/reportIds/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid22 = _errs160 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data73.started_at !== undefined){
let data81 = data73.started_at;
const _errs164 = errors;
if(errors === _errs164){
if(typeof data81 === "string"){
if(func3(data81) > 64){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/started_at",schemaPath:"#/properties/put/properties/sessions/items/properties/started_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/started_at",schemaPath:"#/properties/put/properties/sessions/items/properties/started_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid22 = _errs164 === errors;
}
else {
var valid22 = true;
}
if(valid22){
if(data73.finished_at !== undefined){
let data82 = data73.finished_at;
const _errs166 = errors;
if((typeof data82 !== "string") && (data82 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/finished_at",schemaPath:"#/properties/put/properties/sessions/items/properties/finished_at/type",keyword:"type",params:{type: schema31.properties.put.properties.sessions.items.properties.finished_at.type},message:"must be string,null"}];
return false;
}
if(errors === _errs166){
if(typeof data82 === "string"){
if(func3(data82) > 64){
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9+"/finished_at",schemaPath:"#/properties/put/properties/sessions/items/properties/finished_at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"}];
return false;
}
}
}
var valid22 = _errs166 === errors;
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
validate20.errors = [{instancePath:instancePath+"/put/sessions/" + i9,schemaPath:"#/properties/put/properties/sessions/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid21 = _errs148 === errors;
if(!valid21){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/sessions",schemaPath:"#/properties/put/properties/sessions/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs146 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.caseReports !== undefined){
let data83 = data11.caseReports;
const _errs168 = errors;
if(errors === _errs168){
if(Array.isArray(data83)){
if(data83.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/caseReports",schemaPath:"#/properties/put/properties/caseReports/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid24 = true;
const len12 = data83.length;
for(let i11=0; i11<len12; i11++){
let data84 = data83[i11];
const _errs170 = errors;
if(errors === _errs170){
if(data84 && typeof data84 == "object" && !Array.isArray(data84)){
let missing10;
if(((((((((data84.id === undefined) && (missing10 = "id")) || ((data84.sessionId === undefined) && (missing10 = "sessionId"))) || ((data84.caseId === undefined) && (missing10 = "caseId"))) || ((data84.status === undefined) && (missing10 = "status"))) || ((data84.actual_result === undefined) && (missing10 = "actual_result"))) || ((data84.severity === undefined) && (missing10 = "severity"))) || ((data84.priority === undefined) && (missing10 = "priority"))) || ((data84.task_id === undefined) && (missing10 = "task_id"))){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11,schemaPath:"#/properties/put/properties/caseReports/items/required",keyword:"required",params:{missingProperty: missing10},message:"must have required property '"+missing10+"'"}];
return false;
}
else {
if(data84.id !== undefined){
let data85 = data84.id;
const _errs172 = errors;
if(!(((typeof data85 == "number") && (!(data85 % 1) && !isNaN(data85))) && (isFinite(data85)))){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/id",schemaPath:"#/properties/put/properties/caseReports/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs172){
if((typeof data85 == "number") && (isFinite(data85))){
if(data85 > 9007199254740991 || isNaN(data85)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/id",schemaPath:"#/properties/put/properties/caseReports/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data85 < 1 || isNaN(data85)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/id",schemaPath:"#/properties/put/properties/caseReports/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid25 = _errs172 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data84.sessionId !== undefined){
let data86 = data84.sessionId;
const _errs174 = errors;
if(!(((typeof data86 == "number") && (!(data86 % 1) && !isNaN(data86))) && (isFinite(data86)))){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/sessionId",schemaPath:"#/properties/put/properties/caseReports/items/properties/sessionId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs174){
if((typeof data86 == "number") && (isFinite(data86))){
if(data86 > 9007199254740991 || isNaN(data86)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/sessionId",schemaPath:"#/properties/put/properties/caseReports/items/properties/sessionId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data86 < 1 || isNaN(data86)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/sessionId",schemaPath:"#/properties/put/properties/caseReports/items/properties/sessionId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid25 = _errs174 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data84.caseId !== undefined){
let data87 = data84.caseId;
const _errs176 = errors;
if(!(((typeof data87 == "number") && (!(data87 % 1) && !isNaN(data87))) && (isFinite(data87)))){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/caseId",schemaPath:"#/properties/put/properties/caseReports/items/properties/caseId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs176){
if((typeof data87 == "number") && (isFinite(data87))){
if(data87 > 9007199254740991 || isNaN(data87)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/caseId",schemaPath:"#/properties/put/properties/caseReports/items/properties/caseId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data87 < 1 || isNaN(data87)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/caseId",schemaPath:"#/properties/put/properties/caseReports/items/properties/caseId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid25 = _errs176 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data84.status !== undefined){
let data88 = data84.status;
const _errs178 = errors;
if(!(((data88 === "pending") || (data88 === "done")) || (data88 === "bug"))){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/status",schemaPath:"#/properties/put/properties/caseReports/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema31.properties.put.properties.caseReports.items.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid25 = _errs178 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data84.actual_result !== undefined){
let data89 = data84.actual_result;
const _errs179 = errors;
if((typeof data89 !== "string") && (data89 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/actual_result",schemaPath:"#/properties/put/properties/caseReports/items/properties/actual_result/type",keyword:"type",params:{type: schema31.properties.put.properties.caseReports.items.properties.actual_result.type},message:"must be string,null"}];
return false;
}
if(errors === _errs179){
if(typeof data89 === "string"){
if(func3(data89) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/actual_result",schemaPath:"#/properties/put/properties/caseReports/items/properties/actual_result/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid25 = _errs179 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data84.severity !== undefined){
let data90 = data84.severity;
const _errs181 = errors;
if((typeof data90 !== "string") && (data90 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/severity",schemaPath:"#/properties/put/properties/caseReports/items/properties/severity/type",keyword:"type",params:{type: schema31.properties.put.properties.caseReports.items.properties.severity.type},message:"must be string,null"}];
return false;
}
if(errors === _errs181){
if(typeof data90 === "string"){
if(func3(data90) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/severity",schemaPath:"#/properties/put/properties/caseReports/items/properties/severity/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid25 = _errs181 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data84.priority !== undefined){
let data91 = data84.priority;
const _errs183 = errors;
if((typeof data91 !== "string") && (data91 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/priority",schemaPath:"#/properties/put/properties/caseReports/items/properties/priority/type",keyword:"type",params:{type: schema31.properties.put.properties.caseReports.items.properties.priority.type},message:"must be string,null"}];
return false;
}
if(errors === _errs183){
if(typeof data91 === "string"){
if(func3(data91) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/priority",schemaPath:"#/properties/put/properties/caseReports/items/properties/priority/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid25 = _errs183 === errors;
}
else {
var valid25 = true;
}
if(valid25){
if(data84.task_id !== undefined){
let data92 = data84.task_id;
const _errs185 = errors;
if((!(((typeof data92 == "number") && (!(data92 % 1) && !isNaN(data92))) && (isFinite(data92)))) && (data92 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/task_id",schemaPath:"#/properties/put/properties/caseReports/items/properties/task_id/type",keyword:"type",params:{type: schema31.properties.put.properties.caseReports.items.properties.task_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs185){
if((typeof data92 == "number") && (isFinite(data92))){
if(data92 > 9007199254740991 || isNaN(data92)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/task_id",schemaPath:"#/properties/put/properties/caseReports/items/properties/task_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data92 < 1 || isNaN(data92)){
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11+"/task_id",schemaPath:"#/properties/put/properties/caseReports/items/properties/task_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid25 = _errs185 === errors;
}
else {
var valid25 = true;
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
validate20.errors = [{instancePath:instancePath+"/put/caseReports/" + i11,schemaPath:"#/properties/put/properties/caseReports/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid24 = _errs170 === errors;
if(!valid24){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/caseReports",schemaPath:"#/properties/put/properties/caseReports/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs168 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data11.tasks !== undefined){
let data93 = data11.tasks;
const _errs187 = errors;
if(errors === _errs187){
if(Array.isArray(data93)){
if(data93.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/tasks",schemaPath:"#/properties/put/properties/tasks/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid26 = true;
const len13 = data93.length;
for(let i12=0; i12<len13; i12++){
let data94 = data93[i12];
const _errs189 = errors;
if(errors === _errs189){
if(data94 && typeof data94 == "object" && !Array.isArray(data94)){
let missing11;
if((((((((((data94.id === undefined) && (missing11 = "id")) || ((data94.boardId === undefined) && (missing11 = "boardId"))) || ((data94.columnId === undefined) && (missing11 = "columnId"))) || ((data94.title === undefined) && (missing11 = "title"))) || ((data94.description === undefined) && (missing11 = "description"))) || ((data94.assignee_ids === undefined) && (missing11 = "assignee_ids"))) || ((data94.case_report_id === undefined) && (missing11 = "case_report_id"))) || ((data94.severity === undefined) && (missing11 = "severity"))) || ((data94.priority === undefined) && (missing11 = "priority"))){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12,schemaPath:"#/properties/put/properties/tasks/items/required",keyword:"required",params:{missingProperty: missing11},message:"must have required property '"+missing11+"'"}];
return false;
}
else {
if(data94.id !== undefined){
let data95 = data94.id;
const _errs191 = errors;
if(!(((typeof data95 == "number") && (!(data95 % 1) && !isNaN(data95))) && (isFinite(data95)))){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/id",schemaPath:"#/properties/put/properties/tasks/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs191){
if((typeof data95 == "number") && (isFinite(data95))){
if(data95 > 9007199254740991 || isNaN(data95)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/id",schemaPath:"#/properties/put/properties/tasks/items/properties/id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data95 < 1 || isNaN(data95)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/id",schemaPath:"#/properties/put/properties/tasks/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid27 = _errs191 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data94.boardId !== undefined){
let data96 = data94.boardId;
const _errs193 = errors;
if(!(((typeof data96 == "number") && (!(data96 % 1) && !isNaN(data96))) && (isFinite(data96)))){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/boardId",schemaPath:"#/properties/put/properties/tasks/items/properties/boardId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs193){
if((typeof data96 == "number") && (isFinite(data96))){
if(data96 > 9007199254740991 || isNaN(data96)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/boardId",schemaPath:"#/properties/put/properties/tasks/items/properties/boardId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data96 < 1 || isNaN(data96)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/boardId",schemaPath:"#/properties/put/properties/tasks/items/properties/boardId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid27 = _errs193 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data94.columnId !== undefined){
let data97 = data94.columnId;
const _errs195 = errors;
if(!(((typeof data97 == "number") && (!(data97 % 1) && !isNaN(data97))) && (isFinite(data97)))){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/columnId",schemaPath:"#/properties/put/properties/tasks/items/properties/columnId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs195){
if((typeof data97 == "number") && (isFinite(data97))){
if(data97 > 9007199254740991 || isNaN(data97)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/columnId",schemaPath:"#/properties/put/properties/tasks/items/properties/columnId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data97 < 1 || isNaN(data97)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/columnId",schemaPath:"#/properties/put/properties/tasks/items/properties/columnId/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid27 = _errs195 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data94.title !== undefined){
let data98 = data94.title;
const _errs197 = errors;
if(errors === _errs197){
if(typeof data98 === "string"){
if(func3(data98) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/title",schemaPath:"#/properties/put/properties/tasks/items/properties/title/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/title",schemaPath:"#/properties/put/properties/tasks/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid27 = _errs197 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data94.description !== undefined){
let data99 = data94.description;
const _errs199 = errors;
if(errors === _errs199){
if(typeof data99 === "string"){
if(func3(data99) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/description",schemaPath:"#/properties/put/properties/tasks/items/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/description",schemaPath:"#/properties/put/properties/tasks/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid27 = _errs199 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data94.assignee_ids !== undefined){
let data100 = data94.assignee_ids;
const _errs201 = errors;
if(errors === _errs201){
if(Array.isArray(data100)){
if(data100.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/assignee_ids",schemaPath:"#/properties/put/properties/tasks/items/properties/assignee_ids/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid28 = true;
const len14 = data100.length;
for(let i13=0; i13<len14; i13++){
let data101 = data100[i13];
const _errs203 = errors;
if(!(((typeof data101 == "number") && (!(data101 % 1) && !isNaN(data101))) && (isFinite(data101)))){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/assignee_ids/" + i13,schemaPath:"#/properties/put/properties/tasks/items/properties/assignee_ids/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs203){
if((typeof data101 == "number") && (isFinite(data101))){
if(data101 > 9007199254740991 || isNaN(data101)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/assignee_ids/" + i13,schemaPath:"#/properties/put/properties/tasks/items/properties/assignee_ids/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data101 < 1 || isNaN(data101)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/assignee_ids/" + i13,schemaPath:"#/properties/put/properties/tasks/items/properties/assignee_ids/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid28 = _errs203 === errors;
if(!valid28){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/assignee_ids",schemaPath:"#/properties/put/properties/tasks/items/properties/assignee_ids/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid27 = _errs201 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data94.case_report_id !== undefined){
let data102 = data94.case_report_id;
const _errs205 = errors;
if((!(((typeof data102 == "number") && (!(data102 % 1) && !isNaN(data102))) && (isFinite(data102)))) && (data102 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/case_report_id",schemaPath:"#/properties/put/properties/tasks/items/properties/case_report_id/type",keyword:"type",params:{type: schema31.properties.put.properties.tasks.items.properties.case_report_id.type},message:"must be integer,null"}];
return false;
}
if(errors === _errs205){
if((typeof data102 == "number") && (isFinite(data102))){
if(data102 > 9007199254740991 || isNaN(data102)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/case_report_id",schemaPath:"#/properties/put/properties/tasks/items/properties/case_report_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data102 < 1 || isNaN(data102)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/case_report_id",schemaPath:"#/properties/put/properties/tasks/items/properties/case_report_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid27 = _errs205 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data94.severity !== undefined){
let data103 = data94.severity;
const _errs207 = errors;
if((typeof data103 !== "string") && (data103 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/severity",schemaPath:"#/properties/put/properties/tasks/items/properties/severity/type",keyword:"type",params:{type: schema31.properties.put.properties.tasks.items.properties.severity.type},message:"must be string,null"}];
return false;
}
if(errors === _errs207){
if(typeof data103 === "string"){
if(func3(data103) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/severity",schemaPath:"#/properties/put/properties/tasks/items/properties/severity/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid27 = _errs207 === errors;
}
else {
var valid27 = true;
}
if(valid27){
if(data94.priority !== undefined){
let data104 = data94.priority;
const _errs209 = errors;
if((typeof data104 !== "string") && (data104 !== null)){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/priority",schemaPath:"#/properties/put/properties/tasks/items/properties/priority/type",keyword:"type",params:{type: schema31.properties.put.properties.tasks.items.properties.priority.type},message:"must be string,null"}];
return false;
}
if(errors === _errs209){
if(typeof data104 === "string"){
if(func3(data104) > 10000){
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12+"/priority",schemaPath:"#/properties/put/properties/tasks/items/properties/priority/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"}];
return false;
}
}
}
var valid27 = _errs209 === errors;
}
else {
var valid27 = true;
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
validate20.errors = [{instancePath:instancePath+"/put/tasks/" + i12,schemaPath:"#/properties/put/properties/tasks/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid26 = _errs189 === errors;
if(!valid26){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/put/tasks",schemaPath:"#/properties/put/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs187 === errors;
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
else {
validate20.errors = [{instancePath:instancePath+"/put",schemaPath:"#/properties/put/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs25 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.del !== undefined){
let data105 = data.del;
const _errs211 = errors;
if(errors === _errs211){
if(data105 && typeof data105 == "object" && !Array.isArray(data105)){
const _errs213 = errors;
for(const key3 in data105){
if(!(func1.call(schema31.properties.del.properties, key3))){
validate20.errors = [{instancePath:instancePath+"/del",schemaPath:"#/properties/del/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs213 === errors){
if(data105.accounts !== undefined){
let data106 = data105.accounts;
const _errs214 = errors;
if(errors === _errs214){
if(Array.isArray(data106)){
if(data106.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/accounts",schemaPath:"#/properties/del/properties/accounts/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid30 = true;
const len15 = data106.length;
for(let i14=0; i14<len15; i14++){
let data107 = data106[i14];
const _errs216 = errors;
if(!(((typeof data107 == "number") && (!(data107 % 1) && !isNaN(data107))) && (isFinite(data107)))){
validate20.errors = [{instancePath:instancePath+"/del/accounts/" + i14,schemaPath:"#/properties/del/properties/accounts/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs216){
if((typeof data107 == "number") && (isFinite(data107))){
if(data107 > 9007199254740991 || isNaN(data107)){
validate20.errors = [{instancePath:instancePath+"/del/accounts/" + i14,schemaPath:"#/properties/del/properties/accounts/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data107 < 1 || isNaN(data107)){
validate20.errors = [{instancePath:instancePath+"/del/accounts/" + i14,schemaPath:"#/properties/del/properties/accounts/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid30 = _errs216 === errors;
if(!valid30){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/accounts",schemaPath:"#/properties/del/properties/accounts/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs214 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.registrations !== undefined){
let data108 = data105.registrations;
const _errs218 = errors;
if(errors === _errs218){
if(Array.isArray(data108)){
if(data108.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/registrations",schemaPath:"#/properties/del/properties/registrations/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid31 = true;
const len16 = data108.length;
for(let i15=0; i15<len16; i15++){
let data109 = data108[i15];
const _errs220 = errors;
if(!(((typeof data109 == "number") && (!(data109 % 1) && !isNaN(data109))) && (isFinite(data109)))){
validate20.errors = [{instancePath:instancePath+"/del/registrations/" + i15,schemaPath:"#/properties/del/properties/registrations/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs220){
if((typeof data109 == "number") && (isFinite(data109))){
if(data109 > 9007199254740991 || isNaN(data109)){
validate20.errors = [{instancePath:instancePath+"/del/registrations/" + i15,schemaPath:"#/properties/del/properties/registrations/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data109 < 1 || isNaN(data109)){
validate20.errors = [{instancePath:instancePath+"/del/registrations/" + i15,schemaPath:"#/properties/del/properties/registrations/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid31 = _errs220 === errors;
if(!valid31){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/registrations",schemaPath:"#/properties/del/properties/registrations/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs218 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.companies !== undefined){
let data110 = data105.companies;
const _errs222 = errors;
if(errors === _errs222){
if(Array.isArray(data110)){
if(data110.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/companies",schemaPath:"#/properties/del/properties/companies/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid32 = true;
const len17 = data110.length;
for(let i16=0; i16<len17; i16++){
let data111 = data110[i16];
const _errs224 = errors;
if(!(((typeof data111 == "number") && (!(data111 % 1) && !isNaN(data111))) && (isFinite(data111)))){
validate20.errors = [{instancePath:instancePath+"/del/companies/" + i16,schemaPath:"#/properties/del/properties/companies/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs224){
if((typeof data111 == "number") && (isFinite(data111))){
if(data111 > 9007199254740991 || isNaN(data111)){
validate20.errors = [{instancePath:instancePath+"/del/companies/" + i16,schemaPath:"#/properties/del/properties/companies/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data111 < 1 || isNaN(data111)){
validate20.errors = [{instancePath:instancePath+"/del/companies/" + i16,schemaPath:"#/properties/del/properties/companies/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid32 = _errs224 === errors;
if(!valid32){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/companies",schemaPath:"#/properties/del/properties/companies/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs222 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.boards !== undefined){
let data112 = data105.boards;
const _errs226 = errors;
if(errors === _errs226){
if(Array.isArray(data112)){
if(data112.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/boards",schemaPath:"#/properties/del/properties/boards/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid33 = true;
const len18 = data112.length;
for(let i17=0; i17<len18; i17++){
let data113 = data112[i17];
const _errs228 = errors;
if(!(((typeof data113 == "number") && (!(data113 % 1) && !isNaN(data113))) && (isFinite(data113)))){
validate20.errors = [{instancePath:instancePath+"/del/boards/" + i17,schemaPath:"#/properties/del/properties/boards/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs228){
if((typeof data113 == "number") && (isFinite(data113))){
if(data113 > 9007199254740991 || isNaN(data113)){
validate20.errors = [{instancePath:instancePath+"/del/boards/" + i17,schemaPath:"#/properties/del/properties/boards/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data113 < 1 || isNaN(data113)){
validate20.errors = [{instancePath:instancePath+"/del/boards/" + i17,schemaPath:"#/properties/del/properties/boards/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid33 = _errs228 === errors;
if(!valid33){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/boards",schemaPath:"#/properties/del/properties/boards/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs226 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.tokens !== undefined){
let data114 = data105.tokens;
const _errs230 = errors;
if(errors === _errs230){
if(Array.isArray(data114)){
if(data114.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/tokens",schemaPath:"#/properties/del/properties/tokens/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid34 = true;
const len19 = data114.length;
for(let i18=0; i18<len19; i18++){
let data115 = data114[i18];
const _errs232 = errors;
if(errors === _errs232){
if(typeof data115 === "string"){
if(func3(data115) > 256){
validate20.errors = [{instancePath:instancePath+"/del/tokens/" + i18,schemaPath:"#/properties/del/properties/tokens/items/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
else {
if(func3(data115) < 1){
validate20.errors = [{instancePath:instancePath+"/del/tokens/" + i18,schemaPath:"#/properties/del/properties/tokens/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/tokens/" + i18,schemaPath:"#/properties/del/properties/tokens/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid34 = _errs232 === errors;
if(!valid34){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/tokens",schemaPath:"#/properties/del/properties/tokens/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs230 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.scenarios !== undefined){
let data116 = data105.scenarios;
const _errs234 = errors;
if(errors === _errs234){
if(Array.isArray(data116)){
if(data116.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/scenarios",schemaPath:"#/properties/del/properties/scenarios/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid35 = true;
const len20 = data116.length;
for(let i19=0; i19<len20; i19++){
let data117 = data116[i19];
const _errs236 = errors;
if(!(((typeof data117 == "number") && (!(data117 % 1) && !isNaN(data117))) && (isFinite(data117)))){
validate20.errors = [{instancePath:instancePath+"/del/scenarios/" + i19,schemaPath:"#/properties/del/properties/scenarios/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs236){
if((typeof data117 == "number") && (isFinite(data117))){
if(data117 > 9007199254740991 || isNaN(data117)){
validate20.errors = [{instancePath:instancePath+"/del/scenarios/" + i19,schemaPath:"#/properties/del/properties/scenarios/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data117 < 1 || isNaN(data117)){
validate20.errors = [{instancePath:instancePath+"/del/scenarios/" + i19,schemaPath:"#/properties/del/properties/scenarios/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid35 = _errs236 === errors;
if(!valid35){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/scenarios",schemaPath:"#/properties/del/properties/scenarios/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs234 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.cases !== undefined){
let data118 = data105.cases;
const _errs238 = errors;
if(errors === _errs238){
if(Array.isArray(data118)){
if(data118.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/cases",schemaPath:"#/properties/del/properties/cases/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid36 = true;
const len21 = data118.length;
for(let i20=0; i20<len21; i20++){
let data119 = data118[i20];
const _errs240 = errors;
if(!(((typeof data119 == "number") && (!(data119 % 1) && !isNaN(data119))) && (isFinite(data119)))){
validate20.errors = [{instancePath:instancePath+"/del/cases/" + i20,schemaPath:"#/properties/del/properties/cases/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs240){
if((typeof data119 == "number") && (isFinite(data119))){
if(data119 > 9007199254740991 || isNaN(data119)){
validate20.errors = [{instancePath:instancePath+"/del/cases/" + i20,schemaPath:"#/properties/del/properties/cases/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data119 < 1 || isNaN(data119)){
validate20.errors = [{instancePath:instancePath+"/del/cases/" + i20,schemaPath:"#/properties/del/properties/cases/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid36 = _errs240 === errors;
if(!valid36){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/cases",schemaPath:"#/properties/del/properties/cases/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs238 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.sessions !== undefined){
let data120 = data105.sessions;
const _errs242 = errors;
if(errors === _errs242){
if(Array.isArray(data120)){
if(data120.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/sessions",schemaPath:"#/properties/del/properties/sessions/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid37 = true;
const len22 = data120.length;
for(let i21=0; i21<len22; i21++){
let data121 = data120[i21];
const _errs244 = errors;
if(!(((typeof data121 == "number") && (!(data121 % 1) && !isNaN(data121))) && (isFinite(data121)))){
validate20.errors = [{instancePath:instancePath+"/del/sessions/" + i21,schemaPath:"#/properties/del/properties/sessions/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs244){
if((typeof data121 == "number") && (isFinite(data121))){
if(data121 > 9007199254740991 || isNaN(data121)){
validate20.errors = [{instancePath:instancePath+"/del/sessions/" + i21,schemaPath:"#/properties/del/properties/sessions/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data121 < 1 || isNaN(data121)){
validate20.errors = [{instancePath:instancePath+"/del/sessions/" + i21,schemaPath:"#/properties/del/properties/sessions/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid37 = _errs244 === errors;
if(!valid37){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/sessions",schemaPath:"#/properties/del/properties/sessions/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs242 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.caseReports !== undefined){
let data122 = data105.caseReports;
const _errs246 = errors;
if(errors === _errs246){
if(Array.isArray(data122)){
if(data122.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/caseReports",schemaPath:"#/properties/del/properties/caseReports/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid38 = true;
const len23 = data122.length;
for(let i22=0; i22<len23; i22++){
let data123 = data122[i22];
const _errs248 = errors;
if(!(((typeof data123 == "number") && (!(data123 % 1) && !isNaN(data123))) && (isFinite(data123)))){
validate20.errors = [{instancePath:instancePath+"/del/caseReports/" + i22,schemaPath:"#/properties/del/properties/caseReports/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs248){
if((typeof data123 == "number") && (isFinite(data123))){
if(data123 > 9007199254740991 || isNaN(data123)){
validate20.errors = [{instancePath:instancePath+"/del/caseReports/" + i22,schemaPath:"#/properties/del/properties/caseReports/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data123 < 1 || isNaN(data123)){
validate20.errors = [{instancePath:instancePath+"/del/caseReports/" + i22,schemaPath:"#/properties/del/properties/caseReports/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid38 = _errs248 === errors;
if(!valid38){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/caseReports",schemaPath:"#/properties/del/properties/caseReports/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs246 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data105.tasks !== undefined){
let data124 = data105.tasks;
const _errs250 = errors;
if(errors === _errs250){
if(Array.isArray(data124)){
if(data124.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/del/tasks",schemaPath:"#/properties/del/properties/tasks/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid39 = true;
const len24 = data124.length;
for(let i23=0; i23<len24; i23++){
let data125 = data124[i23];
const _errs252 = errors;
if(!(((typeof data125 == "number") && (!(data125 % 1) && !isNaN(data125))) && (isFinite(data125)))){
validate20.errors = [{instancePath:instancePath+"/del/tasks/" + i23,schemaPath:"#/properties/del/properties/tasks/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs252){
if((typeof data125 == "number") && (isFinite(data125))){
if(data125 > 9007199254740991 || isNaN(data125)){
validate20.errors = [{instancePath:instancePath+"/del/tasks/" + i23,schemaPath:"#/properties/del/properties/tasks/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data125 < 1 || isNaN(data125)){
validate20.errors = [{instancePath:instancePath+"/del/tasks/" + i23,schemaPath:"#/properties/del/properties/tasks/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid39 = _errs252 === errors;
if(!valid39){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/del/tasks",schemaPath:"#/properties/del/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs250 === errors;
}
else {
var valid29 = true;
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
validate20.errors = [{instancePath:instancePath+"/del",schemaPath:"#/properties/del/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs211 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.owners !== undefined){
let data126 = data.owners;
const _errs254 = errors;
if(errors === _errs254){
if(data126 && typeof data126 == "object" && !Array.isArray(data126)){
const _errs256 = errors;
for(const key4 in data126){
if(!(func1.call(schema31.properties.owners.properties, key4))){
validate20.errors = [{instancePath:instancePath+"/owners",schemaPath:"#/properties/owners/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs256 === errors){
if(data126.accounts !== undefined){
let data127 = data126.accounts;
const _errs257 = errors;
if(errors === _errs257){
if(Array.isArray(data127)){
if(data127.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/accounts",schemaPath:"#/properties/owners/properties/accounts/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid41 = true;
const len25 = data127.length;
for(let i24=0; i24<len25; i24++){
let data128 = data127[i24];
const _errs259 = errors;
if(errors === _errs259){
if(Array.isArray(data128)){
if(data128.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24,schemaPath:"#/properties/owners/properties/accounts/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data128.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24,schemaPath:"#/properties/owners/properties/accounts/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len26 = data128.length;
if(len26 > 0){
let data129 = data128[0];
const _errs261 = errors;
if(!(((typeof data129 == "number") && (!(data129 % 1) && !isNaN(data129))) && (isFinite(data129)))){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24+"/0",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs261){
if((typeof data129 == "number") && (isFinite(data129))){
if(data129 > 9007199254740991 || isNaN(data129)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24+"/0",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data129 < 1 || isNaN(data129)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24+"/0",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid42 = _errs261 === errors;
}
if(valid42){
if(len26 > 1){
let data130 = data128[1];
const _errs263 = errors;
if((!(((typeof data130 == "number") && (!(data130 % 1) && !isNaN(data130))) && (isFinite(data130)))) && (data130 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24+"/1",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.accounts.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs263){
if((typeof data130 == "number") && (isFinite(data130))){
if(data130 > 9007199254740991 || isNaN(data130)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24+"/1",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data130 < 1 || isNaN(data130)){
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24+"/1",schemaPath:"#/properties/owners/properties/accounts/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid42 = _errs263 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/accounts/" + i24,schemaPath:"#/properties/owners/properties/accounts/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid41 = _errs259 === errors;
if(!valid41){
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
var valid40 = _errs257 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.registrations !== undefined){
let data131 = data126.registrations;
const _errs265 = errors;
if(errors === _errs265){
if(Array.isArray(data131)){
if(data131.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/registrations",schemaPath:"#/properties/owners/properties/registrations/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid43 = true;
const len27 = data131.length;
for(let i25=0; i25<len27; i25++){
let data132 = data131[i25];
const _errs267 = errors;
if(errors === _errs267){
if(Array.isArray(data132)){
if(data132.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25,schemaPath:"#/properties/owners/properties/registrations/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data132.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25,schemaPath:"#/properties/owners/properties/registrations/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len28 = data132.length;
if(len28 > 0){
let data133 = data132[0];
const _errs269 = errors;
if(!(((typeof data133 == "number") && (!(data133 % 1) && !isNaN(data133))) && (isFinite(data133)))){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25+"/0",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs269){
if((typeof data133 == "number") && (isFinite(data133))){
if(data133 > 9007199254740991 || isNaN(data133)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25+"/0",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data133 < 1 || isNaN(data133)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25+"/0",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid44 = _errs269 === errors;
}
if(valid44){
if(len28 > 1){
let data134 = data132[1];
const _errs271 = errors;
if((!(((typeof data134 == "number") && (!(data134 % 1) && !isNaN(data134))) && (isFinite(data134)))) && (data134 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25+"/1",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.registrations.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs271){
if((typeof data134 == "number") && (isFinite(data134))){
if(data134 > 9007199254740991 || isNaN(data134)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25+"/1",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data134 < 1 || isNaN(data134)){
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25+"/1",schemaPath:"#/properties/owners/properties/registrations/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid44 = _errs271 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/registrations/" + i25,schemaPath:"#/properties/owners/properties/registrations/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid43 = _errs267 === errors;
if(!valid43){
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
var valid40 = _errs265 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.companies !== undefined){
let data135 = data126.companies;
const _errs273 = errors;
if(errors === _errs273){
if(Array.isArray(data135)){
if(data135.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/companies",schemaPath:"#/properties/owners/properties/companies/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid45 = true;
const len29 = data135.length;
for(let i26=0; i26<len29; i26++){
let data136 = data135[i26];
const _errs275 = errors;
if(errors === _errs275){
if(Array.isArray(data136)){
if(data136.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26,schemaPath:"#/properties/owners/properties/companies/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data136.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26,schemaPath:"#/properties/owners/properties/companies/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len30 = data136.length;
if(len30 > 0){
let data137 = data136[0];
const _errs277 = errors;
if(!(((typeof data137 == "number") && (!(data137 % 1) && !isNaN(data137))) && (isFinite(data137)))){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26+"/0",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs277){
if((typeof data137 == "number") && (isFinite(data137))){
if(data137 > 9007199254740991 || isNaN(data137)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26+"/0",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data137 < 1 || isNaN(data137)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26+"/0",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid46 = _errs277 === errors;
}
if(valid46){
if(len30 > 1){
let data138 = data136[1];
const _errs279 = errors;
if((!(((typeof data138 == "number") && (!(data138 % 1) && !isNaN(data138))) && (isFinite(data138)))) && (data138 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26+"/1",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.companies.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs279){
if((typeof data138 == "number") && (isFinite(data138))){
if(data138 > 9007199254740991 || isNaN(data138)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26+"/1",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data138 < 1 || isNaN(data138)){
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26+"/1",schemaPath:"#/properties/owners/properties/companies/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid46 = _errs279 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/companies/" + i26,schemaPath:"#/properties/owners/properties/companies/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid45 = _errs275 === errors;
if(!valid45){
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
var valid40 = _errs273 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.boards !== undefined){
let data139 = data126.boards;
const _errs281 = errors;
if(errors === _errs281){
if(Array.isArray(data139)){
if(data139.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/boards",schemaPath:"#/properties/owners/properties/boards/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid47 = true;
const len31 = data139.length;
for(let i27=0; i27<len31; i27++){
let data140 = data139[i27];
const _errs283 = errors;
if(errors === _errs283){
if(Array.isArray(data140)){
if(data140.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27,schemaPath:"#/properties/owners/properties/boards/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data140.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27,schemaPath:"#/properties/owners/properties/boards/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len32 = data140.length;
if(len32 > 0){
let data141 = data140[0];
const _errs285 = errors;
if(!(((typeof data141 == "number") && (!(data141 % 1) && !isNaN(data141))) && (isFinite(data141)))){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27+"/0",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs285){
if((typeof data141 == "number") && (isFinite(data141))){
if(data141 > 9007199254740991 || isNaN(data141)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27+"/0",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data141 < 1 || isNaN(data141)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27+"/0",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid48 = _errs285 === errors;
}
if(valid48){
if(len32 > 1){
let data142 = data140[1];
const _errs287 = errors;
if((!(((typeof data142 == "number") && (!(data142 % 1) && !isNaN(data142))) && (isFinite(data142)))) && (data142 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27+"/1",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.boards.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs287){
if((typeof data142 == "number") && (isFinite(data142))){
if(data142 > 9007199254740991 || isNaN(data142)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27+"/1",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data142 < 1 || isNaN(data142)){
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27+"/1",schemaPath:"#/properties/owners/properties/boards/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid48 = _errs287 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/boards/" + i27,schemaPath:"#/properties/owners/properties/boards/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid47 = _errs283 === errors;
if(!valid47){
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
var valid40 = _errs281 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.tokens !== undefined){
let data143 = data126.tokens;
const _errs289 = errors;
if(errors === _errs289){
if(Array.isArray(data143)){
if(data143.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/tokens",schemaPath:"#/properties/owners/properties/tokens/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid49 = true;
const len33 = data143.length;
for(let i28=0; i28<len33; i28++){
let data144 = data143[i28];
const _errs291 = errors;
if(errors === _errs291){
if(Array.isArray(data144)){
if(data144.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28,schemaPath:"#/properties/owners/properties/tokens/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data144.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28,schemaPath:"#/properties/owners/properties/tokens/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len34 = data144.length;
if(len34 > 0){
let data145 = data144[0];
const _errs293 = errors;
if(errors === _errs293){
if(typeof data145 === "string"){
if(func3(data145) > 256){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28+"/0",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/0/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"}];
return false;
}
else {
if(func3(data145) < 1){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28+"/0",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28+"/0",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/0/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid50 = _errs293 === errors;
}
if(valid50){
if(len34 > 1){
let data146 = data144[1];
const _errs295 = errors;
if((!(((typeof data146 == "number") && (!(data146 % 1) && !isNaN(data146))) && (isFinite(data146)))) && (data146 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28+"/1",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.tokens.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs295){
if((typeof data146 == "number") && (isFinite(data146))){
if(data146 > 9007199254740991 || isNaN(data146)){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28+"/1",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data146 < 1 || isNaN(data146)){
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28+"/1",schemaPath:"#/properties/owners/properties/tokens/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid50 = _errs295 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/tokens/" + i28,schemaPath:"#/properties/owners/properties/tokens/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid49 = _errs291 === errors;
if(!valid49){
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
var valid40 = _errs289 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.scenarios !== undefined){
let data147 = data126.scenarios;
const _errs297 = errors;
if(errors === _errs297){
if(Array.isArray(data147)){
if(data147.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios",schemaPath:"#/properties/owners/properties/scenarios/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid51 = true;
const len35 = data147.length;
for(let i29=0; i29<len35; i29++){
let data148 = data147[i29];
const _errs299 = errors;
if(errors === _errs299){
if(Array.isArray(data148)){
if(data148.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29,schemaPath:"#/properties/owners/properties/scenarios/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data148.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29,schemaPath:"#/properties/owners/properties/scenarios/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len36 = data148.length;
if(len36 > 0){
let data149 = data148[0];
const _errs301 = errors;
if(!(((typeof data149 == "number") && (!(data149 % 1) && !isNaN(data149))) && (isFinite(data149)))){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29+"/0",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs301){
if((typeof data149 == "number") && (isFinite(data149))){
if(data149 > 9007199254740991 || isNaN(data149)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29+"/0",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data149 < 1 || isNaN(data149)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29+"/0",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid52 = _errs301 === errors;
}
if(valid52){
if(len36 > 1){
let data150 = data148[1];
const _errs303 = errors;
if((!(((typeof data150 == "number") && (!(data150 % 1) && !isNaN(data150))) && (isFinite(data150)))) && (data150 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29+"/1",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.scenarios.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs303){
if((typeof data150 == "number") && (isFinite(data150))){
if(data150 > 9007199254740991 || isNaN(data150)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29+"/1",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data150 < 1 || isNaN(data150)){
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29+"/1",schemaPath:"#/properties/owners/properties/scenarios/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid52 = _errs303 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/scenarios/" + i29,schemaPath:"#/properties/owners/properties/scenarios/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid51 = _errs299 === errors;
if(!valid51){
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
var valid40 = _errs297 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.cases !== undefined){
let data151 = data126.cases;
const _errs305 = errors;
if(errors === _errs305){
if(Array.isArray(data151)){
if(data151.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/cases",schemaPath:"#/properties/owners/properties/cases/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid53 = true;
const len37 = data151.length;
for(let i30=0; i30<len37; i30++){
let data152 = data151[i30];
const _errs307 = errors;
if(errors === _errs307){
if(Array.isArray(data152)){
if(data152.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30,schemaPath:"#/properties/owners/properties/cases/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data152.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30,schemaPath:"#/properties/owners/properties/cases/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len38 = data152.length;
if(len38 > 0){
let data153 = data152[0];
const _errs309 = errors;
if(!(((typeof data153 == "number") && (!(data153 % 1) && !isNaN(data153))) && (isFinite(data153)))){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30+"/0",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs309){
if((typeof data153 == "number") && (isFinite(data153))){
if(data153 > 9007199254740991 || isNaN(data153)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30+"/0",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data153 < 1 || isNaN(data153)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30+"/0",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid54 = _errs309 === errors;
}
if(valid54){
if(len38 > 1){
let data154 = data152[1];
const _errs311 = errors;
if((!(((typeof data154 == "number") && (!(data154 % 1) && !isNaN(data154))) && (isFinite(data154)))) && (data154 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30+"/1",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.cases.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs311){
if((typeof data154 == "number") && (isFinite(data154))){
if(data154 > 9007199254740991 || isNaN(data154)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30+"/1",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data154 < 1 || isNaN(data154)){
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30+"/1",schemaPath:"#/properties/owners/properties/cases/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid54 = _errs311 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/cases/" + i30,schemaPath:"#/properties/owners/properties/cases/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid53 = _errs307 === errors;
if(!valid53){
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
var valid40 = _errs305 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.sessions !== undefined){
let data155 = data126.sessions;
const _errs313 = errors;
if(errors === _errs313){
if(Array.isArray(data155)){
if(data155.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/sessions",schemaPath:"#/properties/owners/properties/sessions/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid55 = true;
const len39 = data155.length;
for(let i31=0; i31<len39; i31++){
let data156 = data155[i31];
const _errs315 = errors;
if(errors === _errs315){
if(Array.isArray(data156)){
if(data156.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31,schemaPath:"#/properties/owners/properties/sessions/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data156.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31,schemaPath:"#/properties/owners/properties/sessions/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len40 = data156.length;
if(len40 > 0){
let data157 = data156[0];
const _errs317 = errors;
if(!(((typeof data157 == "number") && (!(data157 % 1) && !isNaN(data157))) && (isFinite(data157)))){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31+"/0",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs317){
if((typeof data157 == "number") && (isFinite(data157))){
if(data157 > 9007199254740991 || isNaN(data157)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31+"/0",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data157 < 1 || isNaN(data157)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31+"/0",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid56 = _errs317 === errors;
}
if(valid56){
if(len40 > 1){
let data158 = data156[1];
const _errs319 = errors;
if((!(((typeof data158 == "number") && (!(data158 % 1) && !isNaN(data158))) && (isFinite(data158)))) && (data158 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31+"/1",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.sessions.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs319){
if((typeof data158 == "number") && (isFinite(data158))){
if(data158 > 9007199254740991 || isNaN(data158)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31+"/1",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data158 < 1 || isNaN(data158)){
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31+"/1",schemaPath:"#/properties/owners/properties/sessions/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid56 = _errs319 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/sessions/" + i31,schemaPath:"#/properties/owners/properties/sessions/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid55 = _errs315 === errors;
if(!valid55){
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
var valid40 = _errs313 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.caseReports !== undefined){
let data159 = data126.caseReports;
const _errs321 = errors;
if(errors === _errs321){
if(Array.isArray(data159)){
if(data159.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports",schemaPath:"#/properties/owners/properties/caseReports/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid57 = true;
const len41 = data159.length;
for(let i32=0; i32<len41; i32++){
let data160 = data159[i32];
const _errs323 = errors;
if(errors === _errs323){
if(Array.isArray(data160)){
if(data160.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32,schemaPath:"#/properties/owners/properties/caseReports/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data160.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32,schemaPath:"#/properties/owners/properties/caseReports/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len42 = data160.length;
if(len42 > 0){
let data161 = data160[0];
const _errs325 = errors;
if(!(((typeof data161 == "number") && (!(data161 % 1) && !isNaN(data161))) && (isFinite(data161)))){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32+"/0",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs325){
if((typeof data161 == "number") && (isFinite(data161))){
if(data161 > 9007199254740991 || isNaN(data161)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32+"/0",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data161 < 1 || isNaN(data161)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32+"/0",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid58 = _errs325 === errors;
}
if(valid58){
if(len42 > 1){
let data162 = data160[1];
const _errs327 = errors;
if((!(((typeof data162 == "number") && (!(data162 % 1) && !isNaN(data162))) && (isFinite(data162)))) && (data162 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32+"/1",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.caseReports.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs327){
if((typeof data162 == "number") && (isFinite(data162))){
if(data162 > 9007199254740991 || isNaN(data162)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32+"/1",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data162 < 1 || isNaN(data162)){
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32+"/1",schemaPath:"#/properties/owners/properties/caseReports/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid58 = _errs327 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/caseReports/" + i32,schemaPath:"#/properties/owners/properties/caseReports/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid57 = _errs323 === errors;
if(!valid57){
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
var valid40 = _errs321 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data126.tasks !== undefined){
let data163 = data126.tasks;
const _errs329 = errors;
if(errors === _errs329){
if(Array.isArray(data163)){
if(data163.length > 1000000){
validate20.errors = [{instancePath:instancePath+"/owners/tasks",schemaPath:"#/properties/owners/properties/tasks/maxItems",keyword:"maxItems",params:{limit: 1000000},message:"must NOT have more than 1000000 items"}];
return false;
}
else {
var valid59 = true;
const len43 = data163.length;
for(let i33=0; i33<len43; i33++){
let data164 = data163[i33];
const _errs331 = errors;
if(errors === _errs331){
if(Array.isArray(data164)){
if(data164.length > 2){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33,schemaPath:"#/properties/owners/properties/tasks/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"}];
return false;
}
else {
if(data164.length < 2){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33,schemaPath:"#/properties/owners/properties/tasks/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"}];
return false;
}
else {
const len44 = data164.length;
if(len44 > 0){
let data165 = data164[0];
const _errs333 = errors;
if(!(((typeof data165 == "number") && (!(data165 % 1) && !isNaN(data165))) && (isFinite(data165)))){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33+"/0",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs333){
if((typeof data165 == "number") && (isFinite(data165))){
if(data165 > 9007199254740991 || isNaN(data165)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33+"/0",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data165 < 1 || isNaN(data165)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33+"/0",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid60 = _errs333 === errors;
}
if(valid60){
if(len44 > 1){
let data166 = data164[1];
const _errs335 = errors;
if((!(((typeof data166 == "number") && (!(data166 % 1) && !isNaN(data166))) && (isFinite(data166)))) && (data166 !== null)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33+"/1",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/1/type",keyword:"type",params:{type: schema31.properties.owners.properties.tasks.items.prefixItems[1].type},message:"must be integer,null"}];
return false;
}
if(errors === _errs335){
if((typeof data166 == "number") && (isFinite(data166))){
if(data166 > 9007199254740991 || isNaN(data166)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33+"/1",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/1/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data166 < 1 || isNaN(data166)){
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33+"/1",schemaPath:"#/properties/owners/properties/tasks/items/prefixItems/1/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid60 = _errs335 === errors;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/owners/tasks/" + i33,schemaPath:"#/properties/owners/properties/tasks/items/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid59 = _errs331 === errors;
if(!valid59){
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
var valid40 = _errs329 === errors;
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
var valid0 = _errs254 === errors;
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
else {
validate20.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

/** One record of a --state file's journal has the shape the sandbox applies. */
export const validateRecord: CompiledCheck = record_validator;
