/**
 * This file was generated from openapi.yaml by scripts/generate.ts (npm run generate).
 * Do not make direct changes to the file.
 */
// @ts-nocheck: ajv's standalone code, compiled at build time (generators/standalone-validators.ts); typed at its exports.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import runtime0 from 'ajv/dist/runtime/ucs2length.js';
import type { CompiledCheck } from '../contract/request-checks.js';

const runtime = (m) => m.default ?? m;
const query_listApiTokens = validate0;
const schema0 = {"$id":"query-listApiTokens","type":"object","properties":{"page":{"$ref":"openapi.json#/components/parameters/Page/schema"},"limit":{"$ref":"openapi.json#/components/parameters/Limit/schema"}},"required":[]};
const schema2 = {"type":"integer","minimum":1,"maximum":1000000};
const schema3 = {"type":"integer","minimum":1,"maximum":100};

function validate0(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-listApiTokens" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate0.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.page !== undefined){
let data0 = data.page;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err0 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 1000000 || isNaN(data0)){
const err1 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err2 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
if(data.limit !== undefined){
let data1 = data.limit;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err3 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 100 || isNaN(data1)){
const err4 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate0.errors = vErrors;
return errors === 0;
}
validate0.evaluated = {"props":{"page":true,"limit":true},"dynamicProps":false,"dynamicItems":false};

const body_createApiToken = validate2;
const schema4 = {"$id":"body-createApiToken","$ref":"openapi.json#/paths/~1member~1bearer-tokens~1/post/requestBody/content/application~1json/schema"};
const schema5 = {"type":"object","x-assumption":"The source lists the body fields but shows no limits. The contract caps `title` at 200 characters and refuses unknown fields.","required":["title","is_active"],"properties":{"title":{"type":"string","minLength":1,"maxLength":200,"description":"Name of the integration.","example":"ci-bot"},"is_active":{"type":"boolean","example":true},"metadata":{"$ref":"#/components/schemas/TokenMetadata"},"expires_at":{"$ref":"#/components/schemas/TokenExpiry"}},"additionalProperties":false};
const schema6 = {"type":"object","description":"Free-form data about the integration.","x-assumption":"The source does not show the format of `metadata`; the contract assumes a JSON object.","additionalProperties":true,"example":{"owner":"platform-team"}};
const schema7 = {"type":["string","null"],"format":"date-time","description":"When the token stops authenticating; null for no expiry.","x-assumption":"The source does not show the format of `expires_at`; the contract assumes an RFC 3339 date-time (or null).","example":"2099-12-31T00:00:00Z"};
const func0 = runtime(runtime0);
const formats0 = fullFormats["date-time"];

function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate3.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.title === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.is_active === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "is_active"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "title") || (key0 === "is_active")) || (key0 === "metadata")) || (key0 === "expires_at"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.title !== undefined){
let data0 = data.title;
if(typeof data0 === "string"){
if(func0(data0) > 200){
const err3 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func0(data0) < 1){
const err4 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err6 = {instancePath:instancePath+"/is_active",schemaPath:"#/properties/is_active/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.metadata !== undefined){
let data2 = data.metadata;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
}
else {
const err7 = {instancePath:instancePath+"/metadata",schemaPath:"#/components/schemas/TokenMetadata/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.expires_at !== undefined){
let data3 = data.expires_at;
if((typeof data3 !== "string") && (data3 !== null)){
const err8 = {instancePath:instancePath+"/expires_at",schemaPath:"#/components/schemas/TokenExpiry/type",keyword:"type",params:{type: schema7.type}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(typeof data3 === "string"){
if(!(formats0.validate(data3))){
const err9 = {instancePath:instancePath+"/expires_at",schemaPath:"#/components/schemas/TokenExpiry/format",keyword:"format",params:{format: "date-time"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate3.errors = vErrors;
return errors === 0;
}
validate3.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-createApiToken" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate2.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate3(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate3.errors : vErrors.concat(validate3.errors);
errors = vErrors.length;
}
validate2.errors = vErrors;
return errors === 0;
}
validate2.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_updateApiToken = validate5;
const schema8 = {"$id":"query-updateApiToken","type":"object","properties":{"key":{"$ref":"openapi.json#/components/parameters/TokenKey/schema"}},"required":["key"]};
const schema9 = {"type":"string","minLength":1,"maxLength":200};

function validate5(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-updateApiToken" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate5.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.key === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.key !== undefined){
let data0 = data.key;
if(typeof data0 === "string"){
if(func0(data0) > 200){
const err1 = {instancePath:instancePath+"/key",schemaPath:"openapi.json#/components/parameters/TokenKey/schema/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(func0(data0) < 1){
const err2 = {instancePath:instancePath+"/key",schemaPath:"openapi.json#/components/parameters/TokenKey/schema/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/key",schemaPath:"openapi.json#/components/parameters/TokenKey/schema/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate5.errors = vErrors;
return errors === 0;
}
validate5.evaluated = {"props":{"key":true},"dynamicProps":false,"dynamicItems":false};

const body_updateApiToken = validate6;
const schema10 = {"$id":"body-updateApiToken","$ref":"openapi.json#/paths/~1member~1bearer-tokens~1detail~1/patch/requestBody/content/application~1json/schema"};
const schema11 = {"type":"object","x-assumption":"The source says the body holds \"any of\" `is_active`, `title`, `metadata` and `expires_at`. The contract requires at least one of them, caps `title` at 200 characters, and refuses unknown fields.","minProperties":1,"properties":{"title":{"type":"string","minLength":1,"maxLength":200,"example":"ci-bot-2"},"is_active":{"type":"boolean","example":false},"metadata":{"$ref":"#/components/schemas/TokenMetadata"},"expires_at":{"$ref":"#/components/schemas/TokenExpiry"}},"additionalProperties":false};

function validate7(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate7.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(Object.keys(data).length < 1){
const err0 = {instancePath,schemaPath:"#/minProperties",keyword:"minProperties",params:{limit: 1}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "title") || (key0 === "is_active")) || (key0 === "metadata")) || (key0 === "expires_at"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.title !== undefined){
let data0 = data.title;
if(typeof data0 === "string"){
if(func0(data0) > 200){
const err2 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err5 = {instancePath:instancePath+"/is_active",schemaPath:"#/properties/is_active/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.metadata !== undefined){
let data2 = data.metadata;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
}
else {
const err6 = {instancePath:instancePath+"/metadata",schemaPath:"#/components/schemas/TokenMetadata/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.expires_at !== undefined){
let data3 = data.expires_at;
if((typeof data3 !== "string") && (data3 !== null)){
const err7 = {instancePath:instancePath+"/expires_at",schemaPath:"#/components/schemas/TokenExpiry/type",keyword:"type",params:{type: schema7.type}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data3 === "string"){
if(!(formats0.validate(data3))){
const err8 = {instancePath:instancePath+"/expires_at",schemaPath:"#/components/schemas/TokenExpiry/format",keyword:"format",params:{format: "date-time"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate7.errors = vErrors;
return errors === 0;
}
validate7.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate6(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-updateApiToken" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate6.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate7(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate7.errors : vErrors.concat(validate7.errors);
errors = vErrors.length;
}
validate6.errors = vErrors;
return errors === 0;
}
validate6.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_deleteApiToken = validate9;
const schema14 = {"$id":"query-deleteApiToken","type":"object","properties":{"key":{"$ref":"openapi.json#/components/parameters/TokenKey/schema"}},"required":["key"]};

function validate9(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-deleteApiToken" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate9.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.key === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.key !== undefined){
let data0 = data.key;
if(typeof data0 === "string"){
if(func0(data0) > 200){
const err1 = {instancePath:instancePath+"/key",schemaPath:"openapi.json#/components/parameters/TokenKey/schema/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(func0(data0) < 1){
const err2 = {instancePath:instancePath+"/key",schemaPath:"openapi.json#/components/parameters/TokenKey/schema/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/key",schemaPath:"openapi.json#/components/parameters/TokenKey/schema/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate9.errors = vErrors;
return errors === 0;
}
validate9.evaluated = {"props":{"key":true},"dynamicProps":false,"dynamicItems":false};

const body_login = validate10;
const schema16 = {"$id":"body-login","$ref":"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema"};
const schema17 = {"type":"object","x-assumption":"The source lists the login fields but shows no formats or limits. The contract takes `code` as a string, caps every length, and refuses unknown fields.","required":["username","password","captcha_token"],"properties":{"username":{"type":"string","minLength":1,"maxLength":150,"example":"demo"},"password":{"type":"string","minLength":1,"maxLength":256,"format":"password","example":"demo-password"},"captcha_token":{"type":"string","minLength":1,"maxLength":2048,"description":"A valid captcha token.","example":"test-captcha"},"code":{"type":"string","minLength":1,"maxLength":16,"description":"Authenticator code, when two-factor authentication is enabled.","example":"123456"}},"additionalProperties":false};

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-login" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate10.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.username === undefined){
const err0 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "username"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.password === undefined){
const err1 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "password"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.captcha_token === undefined){
const err2 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "captcha_token"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "username") || (key0 === "password")) || (key0 === "captcha_token")) || (key0 === "code"))){
const err3 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.username !== undefined){
let data0 = data.username;
if(typeof data0 === "string"){
if(func0(data0) > 150){
const err4 = {instancePath:instancePath+"/username",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/username/maxLength",keyword:"maxLength",params:{limit: 150}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(func0(data0) < 1){
const err5 = {instancePath:instancePath+"/username",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/username/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/username",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/username/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.password !== undefined){
let data1 = data.password;
if(typeof data1 === "string"){
if(func0(data1) > 256){
const err7 = {instancePath:instancePath+"/password",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/password/maxLength",keyword:"maxLength",params:{limit: 256}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func0(data1) < 1){
const err8 = {instancePath:instancePath+"/password",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/password/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/password",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/password/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.captcha_token !== undefined){
let data2 = data.captcha_token;
if(typeof data2 === "string"){
if(func0(data2) > 2048){
const err10 = {instancePath:instancePath+"/captcha_token",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/captcha_token/maxLength",keyword:"maxLength",params:{limit: 2048}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(func0(data2) < 1){
const err11 = {instancePath:instancePath+"/captcha_token",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/captcha_token/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/captcha_token",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/captcha_token/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.code !== undefined){
let data3 = data.code;
if(typeof data3 === "string"){
if(func0(data3) > 16){
const err13 = {instancePath:instancePath+"/code",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/code/maxLength",keyword:"maxLength",params:{limit: 16}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(func0(data3) < 1){
const err14 = {instancePath:instancePath+"/code",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/code/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/code",schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/properties/code/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1login~1/post/requestBody/content/application~1json/schema/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
validate10.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const body_register = validate11;
const schema18 = {"$id":"body-register","$ref":"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema"};
const schema19 = {"type":"object","x-assumption":"The source lists the registration fields but shows no formats or limits. The contract requires `email` to be an e-mail address, caps every length, and refuses unknown fields.","required":["first_name","username","email","password","captcha_token"],"properties":{"first_name":{"type":"string","minLength":1,"maxLength":150,"example":"Ada"},"last_name":{"type":"string","maxLength":150,"example":"Lovelace"},"username":{"type":"string","minLength":1,"maxLength":150,"example":"ada"},"email":{"type":"string","format":"email","maxLength":254,"example":"ada@example.com"},"password":{"type":"string","minLength":1,"maxLength":256,"format":"password","example":"correct-horse-battery"},"captcha_token":{"type":"string","minLength":1,"maxLength":2048,"example":"test-captcha"},"description":{"type":"string","maxLength":2000,"example":"QA engineer"}},"additionalProperties":false};
const formats4 = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-register" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate11.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.first_name === undefined){
const err0 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "first_name"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.username === undefined){
const err1 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "username"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.email === undefined){
const err2 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "email"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.password === undefined){
const err3 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "password"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.captcha_token === undefined){
const err4 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "captcha_token"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "first_name") || (key0 === "last_name")) || (key0 === "username")) || (key0 === "email")) || (key0 === "password")) || (key0 === "captcha_token")) || (key0 === "description"))){
const err5 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.first_name !== undefined){
let data0 = data.first_name;
if(typeof data0 === "string"){
if(func0(data0) > 150){
const err6 = {instancePath:instancePath+"/first_name",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/first_name/maxLength",keyword:"maxLength",params:{limit: 150}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func0(data0) < 1){
const err7 = {instancePath:instancePath+"/first_name",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/first_name/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/first_name",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/first_name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.last_name !== undefined){
let data1 = data.last_name;
if(typeof data1 === "string"){
if(func0(data1) > 150){
const err9 = {instancePath:instancePath+"/last_name",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/last_name/maxLength",keyword:"maxLength",params:{limit: 150}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/last_name",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/last_name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.username !== undefined){
let data2 = data.username;
if(typeof data2 === "string"){
if(func0(data2) > 150){
const err11 = {instancePath:instancePath+"/username",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/username/maxLength",keyword:"maxLength",params:{limit: 150}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func0(data2) < 1){
const err12 = {instancePath:instancePath+"/username",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/username/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/username",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/username/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.email !== undefined){
let data3 = data.email;
if(typeof data3 === "string"){
if(func0(data3) > 254){
const err14 = {instancePath:instancePath+"/email",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/email/maxLength",keyword:"maxLength",params:{limit: 254}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!(formats4.test(data3))){
const err15 = {instancePath:instancePath+"/email",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/email/format",keyword:"format",params:{format: "email"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/email",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/email/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.password !== undefined){
let data4 = data.password;
if(typeof data4 === "string"){
if(func0(data4) > 256){
const err17 = {instancePath:instancePath+"/password",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/password/maxLength",keyword:"maxLength",params:{limit: 256}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(func0(data4) < 1){
const err18 = {instancePath:instancePath+"/password",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/password/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/password",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/password/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.captcha_token !== undefined){
let data5 = data.captcha_token;
if(typeof data5 === "string"){
if(func0(data5) > 2048){
const err20 = {instancePath:instancePath+"/captcha_token",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/captcha_token/maxLength",keyword:"maxLength",params:{limit: 2048}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(func0(data5) < 1){
const err21 = {instancePath:instancePath+"/captcha_token",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/captcha_token/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/captcha_token",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/captcha_token/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.description !== undefined){
let data6 = data.description;
if(typeof data6 === "string"){
if(func0(data6) > 2000){
const err23 = {instancePath:instancePath+"/description",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/description/maxLength",keyword:"maxLength",params:{limit: 2000}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/description",schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/properties/description/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1register~1/post/requestBody/content/application~1json/schema/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}
validate11.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const body_refreshToken = validate12;
const schema20 = {"$id":"body-refreshToken","$ref":"openapi.json#/paths/~1member~1refresh-token~1/post/requestBody/content/application~1json/schema"};
const schema21 = {"type":"object","x-assumption":"The source shows no format or limit for `refresh_token`. The contract accepts at most 4096 characters and refuses unknown fields.","required":["refresh_token"],"properties":{"refresh_token":{"type":"string","minLength":1,"maxLength":4096,"example":"eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIn0.c2lnbmF0dXJl"}},"additionalProperties":false};

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-refreshToken" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate12.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.refresh_token === undefined){
const err0 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1refresh-token~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "refresh_token"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "refresh_token")){
const err1 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1refresh-token~1/post/requestBody/content/application~1json/schema/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.refresh_token !== undefined){
let data0 = data.refresh_token;
if(typeof data0 === "string"){
if(func0(data0) > 4096){
const err2 = {instancePath:instancePath+"/refresh_token",schemaPath:"openapi.json#/paths/~1member~1refresh-token~1/post/requestBody/content/application~1json/schema/properties/refresh_token/maxLength",keyword:"maxLength",params:{limit: 4096}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/refresh_token",schemaPath:"openapi.json#/paths/~1member~1refresh-token~1/post/requestBody/content/application~1json/schema/properties/refresh_token/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/refresh_token",schemaPath:"openapi.json#/paths/~1member~1refresh-token~1/post/requestBody/content/application~1json/schema/properties/refresh_token/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"openapi.json#/paths/~1member~1refresh-token~1/post/requestBody/content/application~1json/schema/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate12.errors = vErrors;
return errors === 0;
}
validate12.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_listScenarios = validate13;
const schema22 = {"$id":"query-listScenarios","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"parent_id":{"$ref":"openapi.json#/components/parameters/ParentIdFilter/schema"},"page":{"$ref":"openapi.json#/components/parameters/Page/schema"},"limit":{"$ref":"openapi.json#/components/parameters/Limit/schema"},"q":{"$ref":"openapi.json#/components/parameters/Q/schema"}},"required":["company_id","board_id"]};
const schema23 = {"type":"integer","format":"int64","minimum":1,"maximum":9007199254740991,"description":"Internal numeric identifier.","x-assumption":"The source says ids are numeric and shows nothing more; the contract assumes positive integers (int64) no larger than 2^53 - 1, so that JavaScript clients read every id exactly.","example":1};
const schema28 = {"type":"string","maxLength":200};
const formats6 = fullFormats.int64;

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-listScenarios" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate13.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err2 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats6.validate(data0))){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err6 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(formats6.validate(data1))){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.parent_id !== undefined){
let data2 = data.parent_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err10 = {instancePath:instancePath+"/parent_id",schemaPath:"openapi.json#/components/parameters/ParentIdFilter/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err11 = {instancePath:instancePath+"/parent_id",schemaPath:"openapi.json#/components/parameters/ParentIdFilter/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/parent_id",schemaPath:"openapi.json#/components/parameters/ParentIdFilter/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!(formats6.validate(data2))){
const err13 = {instancePath:instancePath+"/parent_id",schemaPath:"openapi.json#/components/parameters/ParentIdFilter/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.page !== undefined){
let data3 = data.page;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err14 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(typeof data3 == "number"){
if(data3 > 1000000 || isNaN(data3)){
const err15 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data3 < 1 || isNaN(data3)){
const err16 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data.limit !== undefined){
let data4 = data.limit;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err17 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(typeof data4 == "number"){
if(data4 > 100 || isNaN(data4)){
const err18 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data4 < 1 || isNaN(data4)){
const err19 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
if(data.q !== undefined){
let data5 = data.q;
if(typeof data5 === "string"){
if(func0(data5) > 200){
const err20 = {instancePath:instancePath+"/q",schemaPath:"openapi.json#/components/parameters/Q/schema/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/q",schemaPath:"openapi.json#/components/parameters/Q/schema/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
validate13.evaluated = {"props":{"company_id":true,"board_id":true,"parent_id":true,"page":true,"limit":true,"q":true},"dynamicProps":false,"dynamicItems":false};

const query_createScenario = validate14;
const schema29 = {"$id":"query-createScenario","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"}},"required":["company_id","board_id"]};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-createScenario" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate14.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err2 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats6.validate(data0))){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err6 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(formats6.validate(data1))){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate14.errors = vErrors;
return errors === 0;
}
validate14.evaluated = {"props":{"company_id":true,"board_id":true},"dynamicProps":false,"dynamicItems":false};

const body_createScenario = validate15;
const schema32 = {"$id":"body-createScenario","$ref":"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema"};
const schema33 = {"type":"object","x-assumption":"The source says only that `position` is optional and shows no limits. The contract takes `position` as an integer from 0, caps `title` at 500 characters, and refuses unknown fields.","required":["title","parent_id"],"properties":{"title":{"type":"string","minLength":1,"maxLength":500,"example":"Checkout"},"parent_id":{"type":["integer","null"],"format":"int64","minimum":1,"maximum":9007199254740991,"description":"Id of the parent scenario, or null for a root scenario.","example":null},"position":{"type":"integer","minimum":0,"maximum":1000000,"example":0}},"additionalProperties":false};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-createScenario" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate15.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.title === undefined){
const err0 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "title"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.parent_id === undefined){
const err1 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "parent_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "title") || (key0 === "parent_id")) || (key0 === "position"))){
const err2 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.title !== undefined){
let data0 = data.title;
if(typeof data0 === "string"){
if(func0(data0) > 500){
const err3 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/title/maxLength",keyword:"maxLength",params:{limit: 500}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func0(data0) < 1){
const err4 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/title/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/title/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.parent_id !== undefined){
let data1 = data.parent_id;
if((!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))) && (data1 !== null)){
const err6 = {instancePath:instancePath+"/parent_id",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/parent_id/type",keyword:"type",params:{type: schema33.properties.parent_id.type}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/parent_id",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/parent_id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/parent_id",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/parent_id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(formats6.validate(data1))){
const err9 = {instancePath:instancePath+"/parent_id",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/parent_id/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.position !== undefined){
let data2 = data.position;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err10 = {instancePath:instancePath+"/position",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/position/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 1000000 || isNaN(data2)){
const err11 = {instancePath:instancePath+"/position",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/position/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data2 < 0 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/position",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/properties/position/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
}
else {
const err13 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1list~1/post/requestBody/content/application~1json/schema/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
validate15.errors = vErrors;
return errors === 0;
}
validate15.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_getScenario = validate16;
const schema34 = {"$id":"query-getScenario","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"scenario_id":{"$ref":"openapi.json#/components/parameters/ScenarioId/schema"}},"required":["company_id","board_id","scenario_id"]};

function validate16(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-getScenario" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate16.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.scenario_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scenario_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.scenario_id !== undefined){
let data2 = data.scenario_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err11 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(formats6.validate(data2))){
const err14 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate16.errors = vErrors;
return errors === 0;
}
validate16.evaluated = {"props":{"company_id":true,"board_id":true,"scenario_id":true},"dynamicProps":false,"dynamicItems":false};

const query_updateScenario = validate17;
const schema38 = {"$id":"query-updateScenario","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"scenario_id":{"$ref":"openapi.json#/components/parameters/ScenarioId/schema"}},"required":["company_id","board_id","scenario_id"]};

function validate17(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-updateScenario" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate17.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.scenario_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scenario_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.scenario_id !== undefined){
let data2 = data.scenario_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err11 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(formats6.validate(data2))){
const err14 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate17.errors = vErrors;
return errors === 0;
}
validate17.evaluated = {"props":{"company_id":true,"board_id":true,"scenario_id":true},"dynamicProps":false,"dynamicItems":false};

const body_updateScenario = validate18;
const schema42 = {"$id":"body-updateScenario","$ref":"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema"};
const schema43 = {"type":"object","x-assumption":"The source says only that `position` is optional and shows no limits. The contract takes `position` as an integer from 0, caps `title` at 500 characters, and refuses unknown fields.","required":["title"],"properties":{"title":{"type":"string","minLength":1,"maxLength":500,"example":"Checkout (guest)"},"position":{"type":"integer","minimum":0,"maximum":1000000,"example":2}},"additionalProperties":false};

function validate18(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-updateScenario" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate18.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.title === undefined){
const err0 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/required",keyword:"required",params:{missingProperty: "title"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "title") || (key0 === "position"))){
const err1 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.title !== undefined){
let data0 = data.title;
if(typeof data0 === "string"){
if(func0(data0) > 500){
const err2 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/properties/title/maxLength",keyword:"maxLength",params:{limit: 500}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/properties/title/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/properties/title/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.position !== undefined){
let data1 = data.position;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err5 = {instancePath:instancePath+"/position",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/properties/position/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 1000000 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/position",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/properties/position/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/position",schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/properties/position/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
}
else {
const err8 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1scenarios~1/patch/requestBody/content/application~1json/schema/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate18.errors = vErrors;
return errors === 0;
}
validate18.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_deleteScenario = validate19;
const schema44 = {"$id":"query-deleteScenario","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"scenario_id":{"$ref":"openapi.json#/components/parameters/ScenarioId/schema"}},"required":["company_id","board_id","scenario_id"]};

function validate19(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-deleteScenario" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate19.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.scenario_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scenario_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.scenario_id !== undefined){
let data2 = data.scenario_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err11 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(formats6.validate(data2))){
const err14 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate19.errors = vErrors;
return errors === 0;
}
validate19.evaluated = {"props":{"company_id":true,"board_id":true,"scenario_id":true},"dynamicProps":false,"dynamicItems":false};

const query_listCases = validate20;
const schema48 = {"$id":"query-listCases","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"scenario_id":{"$ref":"openapi.json#/components/parameters/ScenarioId/schema"},"page":{"$ref":"openapi.json#/components/parameters/Page/schema"},"limit":{"$ref":"openapi.json#/components/parameters/Limit/schema"}},"required":["company_id","board_id","scenario_id"]};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-listCases" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.scenario_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scenario_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.scenario_id !== undefined){
let data2 = data.scenario_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err11 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(formats6.validate(data2))){
const err14 = {instancePath:instancePath+"/scenario_id",schemaPath:"openapi.json#/components/parameters/ScenarioId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.page !== undefined){
let data3 = data.page;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err15 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(typeof data3 == "number"){
if(data3 > 1000000 || isNaN(data3)){
const err16 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data3 < 1 || isNaN(data3)){
const err17 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.limit !== undefined){
let data4 = data.limit;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err18 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(typeof data4 == "number"){
if(data4 > 100 || isNaN(data4)){
const err19 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data4 < 1 || isNaN(data4)){
const err20 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
}
else {
const err21 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":{"company_id":true,"board_id":true,"scenario_id":true,"page":true,"limit":true},"dynamicProps":false,"dynamicItems":false};

const query_createCase = validate21;
const schema54 = {"$id":"query-createCase","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"}},"required":["company_id","board_id"]};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-createCase" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err2 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats6.validate(data0))){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err6 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(formats6.validate(data1))){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":{"company_id":true,"board_id":true},"dynamicProps":false,"dynamicItems":false};

const body_createCase = validate22;
const schema57 = {"$id":"body-createCase","$ref":"openapi.json#/paths/~1features~1qa~1cases~1list~1/post/requestBody/content/application~1json/schema"};
const schema58 = {"type":"object","x-assumption":"The source lists the five fields as strings (the scenario as a numeric id) but shows no limits. The contract caps `title` at 500 and the other texts at 10000 characters, allows empty texts other than `title`, and refuses unknown fields.","required":["scenario","title","description","steps_to_reproduce","expected_result"],"properties":{"scenario":{"allOf":[{"$ref":"#/components/schemas/Id"}],"description":"Id of the scenario the case belongs to (named `scenario` on creation)."},"title":{"type":"string","minLength":1,"maxLength":500,"example":"Pay with a saved card"},"description":{"type":"string","maxLength":10000,"example":"The shopper pays with a card saved earlier."},"steps_to_reproduce":{"type":"string","maxLength":10000,"example":"1. Add an item. 2. Open checkout. 3. Pick the saved card."},"expected_result":{"type":"string","maxLength":10000,"example":"The order is confirmed."}},"additionalProperties":false};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scenario === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scenario"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.title === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.description === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.steps_to_reproduce === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "steps_to_reproduce"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.expected_result === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expected_result"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "scenario") || (key0 === "title")) || (key0 === "description")) || (key0 === "steps_to_reproduce")) || (key0 === "expected_result"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.scenario !== undefined){
let data0 = data.scenario;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err6 = {instancePath:instancePath+"/scenario",schemaPath:"#/components/schemas/Id/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err7 = {instancePath:instancePath+"/scenario",schemaPath:"#/components/schemas/Id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err8 = {instancePath:instancePath+"/scenario",schemaPath:"#/components/schemas/Id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(formats6.validate(data0))){
const err9 = {instancePath:instancePath+"/scenario",schemaPath:"#/components/schemas/Id/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.title !== undefined){
let data1 = data.title;
if(typeof data1 === "string"){
if(func0(data1) > 500){
const err10 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/maxLength",keyword:"maxLength",params:{limit: 500}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(func0(data1) < 1){
const err11 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func0(data2) > 10000){
const err13 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.steps_to_reproduce !== undefined){
let data3 = data.steps_to_reproduce;
if(typeof data3 === "string"){
if(func0(data3) > 10000){
const err15 = {instancePath:instancePath+"/steps_to_reproduce",schemaPath:"#/properties/steps_to_reproduce/maxLength",keyword:"maxLength",params:{limit: 10000}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/steps_to_reproduce",schemaPath:"#/properties/steps_to_reproduce/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.expected_result !== undefined){
let data4 = data.expected_result;
if(typeof data4 === "string"){
if(func0(data4) > 10000){
const err17 = {instancePath:instancePath+"/expected_result",schemaPath:"#/properties/expected_result/maxLength",keyword:"maxLength",params:{limit: 10000}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/expected_result",schemaPath:"#/properties/expected_result/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-createCase" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate23(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_getCase = validate25;
const schema60 = {"$id":"query-getCase","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"case_id":{"$ref":"openapi.json#/components/parameters/CaseId/schema"}},"required":["company_id","board_id","case_id"]};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-getCase" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.case_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "case_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.case_id !== undefined){
let data2 = data.case_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err11 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(formats6.validate(data2))){
const err14 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate25.errors = vErrors;
return errors === 0;
}
validate25.evaluated = {"props":{"company_id":true,"board_id":true,"case_id":true},"dynamicProps":false,"dynamicItems":false};

const query_updateCase = validate26;
const schema64 = {"$id":"query-updateCase","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"case_id":{"$ref":"openapi.json#/components/parameters/CaseId/schema"}},"required":["company_id","board_id","case_id"]};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-updateCase" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.case_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "case_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.case_id !== undefined){
let data2 = data.case_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err11 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(formats6.validate(data2))){
const err14 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"props":{"company_id":true,"board_id":true,"case_id":true},"dynamicProps":false,"dynamicItems":false};

const body_updateCase = validate27;
const schema68 = {"$id":"body-updateCase","$ref":"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema"};
const schema69 = {"type":"object","x-assumption":"The source says the body holds \"any of\" `title`, `description`, `steps_to_reproduce` and `expected_result`. The contract requires at least one of them, caps lengths as on creation, and refuses unknown fields.","minProperties":1,"properties":{"title":{"type":"string","minLength":1,"maxLength":500,"example":"Pay with a saved card"},"description":{"type":"string","maxLength":10000,"example":"The shopper pays with a card saved earlier."},"steps_to_reproduce":{"type":"string","maxLength":10000,"example":"1. Add an item. 2. Open checkout. 3. Pick the saved card."},"expected_result":{"type":"string","maxLength":10000,"example":"The order is confirmed and a receipt is e-mailed."}},"additionalProperties":false};

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-updateCase" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate27.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(Object.keys(data).length < 1){
const err0 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/minProperties",keyword:"minProperties",params:{limit: 1}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "title") || (key0 === "description")) || (key0 === "steps_to_reproduce")) || (key0 === "expected_result"))){
const err1 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.title !== undefined){
let data0 = data.title;
if(typeof data0 === "string"){
if(func0(data0) > 500){
const err2 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/title/maxLength",keyword:"maxLength",params:{limit: 500}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/title/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/title",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/title/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.description !== undefined){
let data1 = data.description;
if(typeof data1 === "string"){
if(func0(data1) > 10000){
const err5 = {instancePath:instancePath+"/description",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/description/maxLength",keyword:"maxLength",params:{limit: 10000}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/description",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/description/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.steps_to_reproduce !== undefined){
let data2 = data.steps_to_reproduce;
if(typeof data2 === "string"){
if(func0(data2) > 10000){
const err7 = {instancePath:instancePath+"/steps_to_reproduce",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/steps_to_reproduce/maxLength",keyword:"maxLength",params:{limit: 10000}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/steps_to_reproduce",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/steps_to_reproduce/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.expected_result !== undefined){
let data3 = data.expected_result;
if(typeof data3 === "string"){
if(func0(data3) > 10000){
const err9 = {instancePath:instancePath+"/expected_result",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/expected_result/maxLength",keyword:"maxLength",params:{limit: 10000}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/expected_result",schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/properties/expected_result/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"openapi.json#/paths/~1features~1qa~1cases~1/patch/requestBody/content/application~1json/schema/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}
validate27.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_deleteCase = validate28;
const schema70 = {"$id":"query-deleteCase","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"case_id":{"$ref":"openapi.json#/components/parameters/CaseId/schema"}},"required":["company_id","board_id","case_id"]};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-deleteCase" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.case_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "case_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.case_id !== undefined){
let data2 = data.case_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err11 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(formats6.validate(data2))){
const err14 = {instancePath:instancePath+"/case_id",schemaPath:"openapi.json#/components/parameters/CaseId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":{"company_id":true,"board_id":true,"case_id":true},"dynamicProps":false,"dynamicItems":false};

const query_listSessions = validate29;
const schema74 = {"$id":"query-listSessions","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"is_active":{"$ref":"openapi.json#/paths/~1features~1qa~1sessions~1/get/parameters/2/schema"},"page":{"$ref":"openapi.json#/components/parameters/Page/schema"},"limit":{"$ref":"openapi.json#/components/parameters/Limit/schema"},"q":{"$ref":"openapi.json#/components/parameters/Q/schema"}},"required":["company_id","board_id","is_active"]};
const schema77 = {"type":"boolean"};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-listSessions" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate29.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.is_active === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "is_active"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.is_active !== undefined){
if(typeof data.is_active !== "boolean"){
const err11 = {instancePath:instancePath+"/is_active",schemaPath:"openapi.json#/paths/~1features~1qa~1sessions~1/get/parameters/2/schema/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.page !== undefined){
let data3 = data.page;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err12 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(typeof data3 == "number"){
if(data3 > 1000000 || isNaN(data3)){
const err13 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data3 < 1 || isNaN(data3)){
const err14 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.limit !== undefined){
let data4 = data.limit;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err15 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(typeof data4 == "number"){
if(data4 > 100 || isNaN(data4)){
const err16 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data4 < 1 || isNaN(data4)){
const err17 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.q !== undefined){
let data5 = data.q;
if(typeof data5 === "string"){
if(func0(data5) > 200){
const err18 = {instancePath:instancePath+"/q",schemaPath:"openapi.json#/components/parameters/Q/schema/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/q",schemaPath:"openapi.json#/components/parameters/Q/schema/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate29.errors = vErrors;
return errors === 0;
}
validate29.evaluated = {"props":{"company_id":true,"board_id":true,"is_active":true,"page":true,"limit":true,"q":true},"dynamicProps":false,"dynamicItems":false};

const query_startSession = validate30;
const schema81 = {"$id":"query-startSession","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"}},"required":["company_id","board_id"]};

function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-startSession" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate30.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err2 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats6.validate(data0))){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err6 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(formats6.validate(data1))){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate30.errors = vErrors;
return errors === 0;
}
validate30.evaluated = {"props":{"company_id":true,"board_id":true},"dynamicProps":false,"dynamicItems":false};

const body_startSession = validate31;
const schema84 = {"$id":"body-startSession","$ref":"openapi.json#/paths/~1features~1qa~1sessions~1start~1/post/requestBody/content/application~1json/schema"};
const schema85 = {"type":"object","x-assumption":"The contract refuses unknown fields in this body; the source does not say.","required":["scenario_id"],"properties":{"scenario_id":{"allOf":[{"$ref":"#/components/schemas/Id"}],"description":"The scenario to review."}},"additionalProperties":false};

function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate32.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scenario_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scenario_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "scenario_id")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.scenario_id !== undefined){
let data0 = data.scenario_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err2 = {instancePath:instancePath+"/scenario_id",schemaPath:"#/components/schemas/Id/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/scenario_id",schemaPath:"#/components/schemas/Id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/scenario_id",schemaPath:"#/components/schemas/Id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats6.validate(data0))){
const err5 = {instancePath:instancePath+"/scenario_id",schemaPath:"#/components/schemas/Id/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate32.errors = vErrors;
return errors === 0;
}
validate32.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-startSession" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate31.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate32(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);
errors = vErrors.length;
}
validate31.errors = vErrors;
return errors === 0;
}
validate31.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_recordCaseOutcome = validate34;
const schema87 = {"$id":"query-recordCaseOutcome","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"case_report_id":{"$ref":"openapi.json#/components/parameters/CaseReportId/schema"}},"required":["company_id","board_id","case_report_id"]};

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-recordCaseOutcome" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate34.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.case_report_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "case_report_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(formats6.validate(data0))){
const err6 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats6.validate(data1))){
const err10 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.case_report_id !== undefined){
let data2 = data.case_report_id;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err11 = {instancePath:instancePath+"/case_report_id",schemaPath:"openapi.json#/components/parameters/CaseReportId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/case_report_id",schemaPath:"openapi.json#/components/parameters/CaseReportId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/case_report_id",schemaPath:"openapi.json#/components/parameters/CaseReportId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(formats6.validate(data2))){
const err14 = {instancePath:instancePath+"/case_report_id",schemaPath:"openapi.json#/components/parameters/CaseReportId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}
validate34.evaluated = {"props":{"company_id":true,"board_id":true,"case_report_id":true},"dynamicProps":false,"dynamicItems":false};

const body_recordCaseOutcome = validate35;
const schema91 = {"$id":"body-recordCaseOutcome","$ref":"openapi.json#/paths/~1features~1qa~1sessions~1cases~1/patch/requestBody/content/application~1json/schema"};
const schema92 = {"type":"object","description":"The outcome to record. `bug` needs `actual_result`, `severity` and `priority`.","x-assumption":"The source says `actual_result`, `severity` and `priority` are supplied with `bug`, and does not say whether they may come with `pending` or `done`. The contract refuses them there, caps `actual_result` at 10000 characters, and refuses unknown fields.","oneOf":[{"$ref":"#/components/schemas/CaseOutcomePending"},{"$ref":"#/components/schemas/CaseOutcomeDone"},{"$ref":"#/components/schemas/CaseOutcomeBug"}],"discriminator":{"propertyName":"status"}};
const schema96 = {"type":"object","required":["status"],"properties":{"status":{"type":"string","const":"pending"}},"additionalProperties":false};
const schema97 = {"type":"object","required":["status"],"properties":{"status":{"type":"string","const":"done"}},"additionalProperties":false};
const schema93 = {"type":"object","required":["status","actual_result","severity","priority"],"properties":{"status":{"type":"string","const":"bug"},"actual_result":{"type":"string","minLength":1,"maxLength":10000,"description":"What happened instead of the expected result.","example":"The page hangs on submit."},"severity":{"$ref":"#/components/schemas/Severity"},"priority":{"$ref":"#/components/schemas/Priority"}},"additionalProperties":false};
const schema94 = {"type":"string","minLength":1,"maxLength":50,"description":"How bad the defect is.","x-assumption":"The source does not show the allowed severity values. The contract accepts any non-empty string of at most 50 characters; the examples use low, medium, major, critical.","example":"major"};
const schema95 = {"type":"string","minLength":1,"maxLength":50,"description":"How urgent the fix is.","x-assumption":"The source does not show the allowed priority values. The contract accepts any non-empty string of at most 50 characters; the examples use low, medium, high, urgent.","example":"high"};

function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate37.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.actual_result === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "actual_result"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.severity === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "severity"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.priority === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "priority"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "status") || (key0 === "actual_result")) || (key0 === "severity")) || (key0 === "priority"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.status !== undefined){
let data0 = data.status;
if(typeof data0 !== "string"){
const err5 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if("bug" !== data0){
const err6 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/const",keyword:"const",params:{allowedValue: "bug"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.actual_result !== undefined){
let data1 = data.actual_result;
if(typeof data1 === "string"){
if(func0(data1) > 10000){
const err7 = {instancePath:instancePath+"/actual_result",schemaPath:"#/properties/actual_result/maxLength",keyword:"maxLength",params:{limit: 10000}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func0(data1) < 1){
const err8 = {instancePath:instancePath+"/actual_result",schemaPath:"#/properties/actual_result/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/actual_result",schemaPath:"#/properties/actual_result/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.severity !== undefined){
let data2 = data.severity;
if(typeof data2 === "string"){
if(func0(data2) > 50){
const err10 = {instancePath:instancePath+"/severity",schemaPath:"#/components/schemas/Severity/maxLength",keyword:"maxLength",params:{limit: 50}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(func0(data2) < 1){
const err11 = {instancePath:instancePath+"/severity",schemaPath:"#/components/schemas/Severity/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/severity",schemaPath:"#/components/schemas/Severity/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.priority !== undefined){
let data3 = data.priority;
if(typeof data3 === "string"){
if(func0(data3) > 50){
const err13 = {instancePath:instancePath+"/priority",schemaPath:"#/components/schemas/Priority/maxLength",keyword:"maxLength",params:{limit: 50}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(func0(data3) < 1){
const err14 = {instancePath:instancePath+"/priority",schemaPath:"#/components/schemas/Priority/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/priority",schemaPath:"#/components/schemas/Priority/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}
validate37.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate36.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
const tag0 = data.status;
if(typeof tag0 == "string"){
if(tag0 === "pending"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err0 = {instancePath,schemaPath:"#/components/schemas/CaseOutcomePending/required",keyword:"required",params:{missingProperty: "status"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "status")){
const err1 = {instancePath,schemaPath:"#/components/schemas/CaseOutcomePending/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.status !== undefined){
let data0 = data.status;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/status",schemaPath:"#/components/schemas/CaseOutcomePending/properties/status/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if("pending" !== data0){
const err3 = {instancePath:instancePath+"/status",schemaPath:"#/components/schemas/CaseOutcomePending/properties/status/const",keyword:"const",params:{allowedValue: "pending"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/components/schemas/CaseOutcomePending/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var props0 = true;
}
else if(tag0 === "done"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err5 = {instancePath,schemaPath:"#/components/schemas/CaseOutcomeDone/required",keyword:"required",params:{missingProperty: "status"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key1 in data){
if(!(key1 === "status")){
const err6 = {instancePath,schemaPath:"#/components/schemas/CaseOutcomeDone/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.status !== undefined){
let data1 = data.status;
if(typeof data1 !== "string"){
const err7 = {instancePath:instancePath+"/status",schemaPath:"#/components/schemas/CaseOutcomeDone/properties/status/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if("done" !== data1){
const err8 = {instancePath:instancePath+"/status",schemaPath:"#/components/schemas/CaseOutcomeDone/properties/status/const",keyword:"const",params:{allowedValue: "done"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/components/schemas/CaseOutcomeDone/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "bug"){
if(!(validate37(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
if(props0 !== true){
props0 = true;
}
}
else {
const err10 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "status", tagValue: tag0}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "status", tagValue: tag0}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate36.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate36.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-recordCaseOutcome" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate35.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate36(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
errors = vErrors.length;
}
else {
var props0 = validate36.evaluated.props;
}
validate35.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate35.evaluated = {"dynamicProps":true,"dynamicItems":false};

const query_finishSession = validate40;
const schema98 = {"$id":"query-finishSession","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"}},"required":["company_id","board_id"]};

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-finishSession" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate40.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err2 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats6.validate(data0))){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err6 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(formats6.validate(data1))){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}
validate40.evaluated = {"props":{"company_id":true,"board_id":true},"dynamicProps":false,"dynamicItems":false};

const body_finishSession = validate41;
const schema101 = {"$id":"body-finishSession","$ref":"openapi.json#/paths/~1features~1qa~1sessions~1finish~1/patch/requestBody/content/application~1json/schema"};
const schema102 = {"type":"object","x-assumption":"The contract refuses unknown fields in this body; the source does not say.","required":["sessions_id"],"properties":{"sessions_id":{"allOf":[{"$ref":"#/components/schemas/Id"}],"description":"The session to finish (this exact spelling)."}},"additionalProperties":false};

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate42.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.sessions_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sessions_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "sessions_id")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.sessions_id !== undefined){
let data0 = data.sessions_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err2 = {instancePath:instancePath+"/sessions_id",schemaPath:"#/components/schemas/Id/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/sessions_id",schemaPath:"#/components/schemas/Id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/sessions_id",schemaPath:"#/components/schemas/Id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats6.validate(data0))){
const err5 = {instancePath:instancePath+"/sessions_id",schemaPath:"#/components/schemas/Id/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}
validate42.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate41(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="body-finishSession" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate41.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!(validate42(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate42.errors : vErrors.concat(validate42.errors);
errors = vErrors.length;
}
validate41.errors = vErrors;
return errors === 0;
}
validate41.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const query_listTasks = validate44;
const schema104 = {"$id":"query-listTasks","type":"object","properties":{"company_id":{"$ref":"openapi.json#/components/parameters/CompanyId/schema"},"board_id":{"$ref":"openapi.json#/components/parameters/BoardId/schema"},"page":{"$ref":"openapi.json#/components/parameters/Page/schema"},"limit":{"$ref":"openapi.json#/components/parameters/Limit/schema"},"assignee_ids":{"$ref":"openapi.json#/paths/~1task~1list~1/get/parameters/4/schema"}},"required":["company_id","board_id"]};
const schema109 = {"type":"array","items":{"$ref":"#/components/schemas/Id"}};

function validate45(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate45.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(Array.isArray(data)){
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/Id/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/Id/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err2 = {instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/Id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!(formats6.validate(data0))){
const err3 = {instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/Id/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate45.errors = vErrors;
return errors === 0;
}
validate45.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};


function validate44(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="query-listTasks" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate44.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.company_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "company_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.board_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "board_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.company_id !== undefined){
let data0 = data.company_id;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
const err2 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err4 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats6.validate(data0))){
const err5 = {instancePath:instancePath+"/company_id",schemaPath:"openapi.json#/components/parameters/CompanyId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.board_id !== undefined){
let data1 = data.board_id;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err6 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err8 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(formats6.validate(data1))){
const err9 = {instancePath:instancePath+"/board_id",schemaPath:"openapi.json#/components/parameters/BoardId/schema/format",keyword:"format",params:{format: "int64"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.page !== undefined){
let data2 = data.page;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err10 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 > 1000000 || isNaN(data2)){
const err11 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/page",schemaPath:"openapi.json#/components/parameters/Page/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
if(data.limit !== undefined){
let data3 = data.limit;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err13 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(typeof data3 == "number"){
if(data3 > 100 || isNaN(data3)){
const err14 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data3 < 1 || isNaN(data3)){
const err15 = {instancePath:instancePath+"/limit",schemaPath:"openapi.json#/components/parameters/Limit/schema/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.assignee_ids !== undefined){
if(!(validate45(data.assignee_ids, {instancePath:instancePath+"/assignee_ids",parentData:data,parentDataProperty:"assignee_ids",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate45.errors : vErrors.concat(validate45.errors);
errors = vErrors.length;
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate44.errors = vErrors;
return errors === 0;
}
validate44.evaluated = {"props":{"company_id":true,"board_id":true,"page":true,"limit":true,"assignee_ids":true},"dynamicProps":false,"dynamicItems":false};

/** Each operation's query parameters, as one object (contract/request-checks.ts querySchemaOf), by operationId. */
export const queryValidators: Readonly<Record<string, CompiledCheck>> = {
  listApiTokens: query_listApiTokens,
  updateApiToken: query_updateApiToken,
  deleteApiToken: query_deleteApiToken,
  listScenarios: query_listScenarios,
  createScenario: query_createScenario,
  getScenario: query_getScenario,
  updateScenario: query_updateScenario,
  deleteScenario: query_deleteScenario,
  listCases: query_listCases,
  createCase: query_createCase,
  getCase: query_getCase,
  updateCase: query_updateCase,
  deleteCase: query_deleteCase,
  listSessions: query_listSessions,
  startSession: query_startSession,
  recordCaseOutcome: query_recordCaseOutcome,
  finishSession: query_finishSession,
  listTasks: query_listTasks,
};

/** Each operation's JSON request body, by operationId. */
export const bodyValidators: Readonly<Record<string, CompiledCheck>> = {
  createApiToken: body_createApiToken,
  updateApiToken: body_updateApiToken,
  login: body_login,
  register: body_register,
  refreshToken: body_refreshToken,
  createScenario: body_createScenario,
  updateScenario: body_updateScenario,
  createCase: body_createCase,
  updateCase: body_updateCase,
  startSession: body_startSession,
  recordCaseOutcome: body_recordCaseOutcome,
  finishSession: body_finishSession,
};
