/**
 * This file was generated from openapi.yaml by scripts/generate.ts (npm run generate).
 * Do not make direct changes to the file.
 */

export const openapiDocument: Record<string, unknown> = {
  "openapi": "3.1.0",
  "info": {
    "title": "Task-Management Service REST API (auth, account access and QA)",
    "version": "0.1.0",
    "summary": "Authentication, named API tokens, accounts and QA scenarios, cases and review sessions.",
    "description": "The contract for the parts of the Task-Management Service that its source\ndescription details at endpoint level: authentication and account access,\nand QA scenarios, test cases and review sessions. Two list endpoints of other\nareas (`GET /company/list/`, `GET /task/list/`) are included because the\nsource names them. All paths are relative to `{base_url}`, the REST base\naddress, which ends in an `api` path segment.\n\n## Contract decisions\n\nEverything the source states is written here as stated. Where the source is\nsilent and the contract still had to decide (response shapes, token fields,\nthe error payload, the validation status code, pagination defaults, …), the\nplace carries an `x-assumption` extension that says what the source leaves\nopen, and the schema is kept as permissive as the decision allows. In this\nintroduction such points are marked *(contract decision)*. The\n**Assumptions** section of the reference (in the menu) lists every\nassumption with its place in `openapi.yaml`, and what the contract\ndeliberately leaves out; the kit keeps the same page as `docs/assumptions.md`.\n\n## Who uses what\n\n| Reader | Use |\n|---|---|\n| Frontend developer | The Prism mock, `npm run mock` at `http://127.0.0.1:4011/api`: it answers every operation with this contract's examples and rejects requests that break it, but keeps no state. The stateful sandbox, `npm start` at `http://127.0.0.1:4010/api`, with demo data. The generated types (`generated/schema.d.ts`) and the typed client (`client/`). |\n| Backend developer | The validation proxy, `npm run proxy -- https://your-server.example/api`: it sits in front of a real server and turns every response that breaks the contract into an error that lists the violations. The conformance suite, `npm run conformance`, checks a running server against the contract and the source's rules. |\n| Integration or server client | A **named API token**, sent as `Authorization: Bearer …`. |\n| Web session | A **JWT access token** from login, sent as `Authorization: JWT …`, renewed with the refresh token. |\n| Docs reader | This page: `npm run docs` builds it as one self-contained file, `docs/index.html`, that works offline. |\n\n## Credentials\n\nThe service has two credential kinds. They are **not interchangeable**.\n\n| Kind | Obtained by | Header |\n|---|---|---|\n| Named API token (integrations, server clients) | Profile → API Tokens, or `POST /member/bearer-tokens/` | `Authorization: Bearer <API_TOKEN>` |\n| JWT access token (web sessions) | `access_token` from `POST /member/login/` | `Authorization: JWT <ACCESS_TOKEN>` |\n\n1. A token must be active and not expired to authenticate.\n2. The `refresh_token` goes only in the body of `POST /member/refresh-token/`. It is never placed in an `Authorization` header.\n3. A JWT access token is never used with the `Bearer` scheme, and never presented as a named API token.\n4. Login, registration and refresh carry no `Authorization` header.\n5. Login and registration require a valid `captcha_token` in the body; login also takes `code`, the authenticator code, when two-factor authentication is enabled.\n6. Token management endpoints require authentication. A token cannot be created anonymously.\n7. Reads and writes are limited to resources the credential's account may access. Roles and workspace/board permissions apply to every endpoint, and a client library cannot widen them.\n8. `GET /member/me/` identifies the account that owns a credential.\n9. Tokens are named per integration. An expiry may be set. Unused tokens are deactivated or deleted.\n\nRefresh rotates: the response of `POST /member/refresh-token/` carries a\nreplacement pair, and the client stores it before later requests. Every\nauthenticated operation accepts either credential kind *(contract decision:\nthe source's endpoint tables say Bearer, and web sessions use JWT)*. The\nlifetimes of access and refresh tokens and the role names are not shown by\nthe source.\n\nA named API token moves between these states (source §3). Every trigger\naddresses the token by its `key` on `/member/bearer-tokens/detail/`.\n\n| State | Trigger | Next state | Effect |\n|---|---|---|---|\n| active | `PATCH` with `is_active: false` | inactive | the token stops authenticating |\n| inactive | `PATCH` with `is_active: true` | active | none |\n| any | `DELETE` | revoked | later requests with it fail |\n\n```text diagram:token-states\n             update, is_active: false\n  active    -------------------------->   inactive\n  (is_active: true)                       (is_active: false)\n            <--------------------------\n             update, is_active: true\n     |                                        |\n     | delete                          delete |\n     v                                        v\n  revoked: later requests with the token fail (401)\n\n  update = PATCH  /member/bearer-tokens/detail/  (key)\n  delete = DELETE /member/bearer-tokens/detail/  (key)\n```\n\nDeleting the token a client uses invalidates that client's later requests.\n\n## Envelope\n\nA success is a JSON object with `status` (the string `success`) and `data`\n(an object): `{\"status\": \"success\", \"data\": {...}}`. `data` holds the payload\nunder an endpoint-specific collection name: `GET /company/list/` returns\n`data.companies`. The source gives `tasks` as another example name;\nthat `GET /task/list/` answers in `data.tasks` is a contract decision, as\nare the other names (`member`, `tokens`, `token`, `scenarios`, `scenario`,\n`cases`, `case`, `sessions`, `session`, `case_report`) and returning the\nlogin and refresh token pair directly in `data`. Some\noperations, such as deletion, may return no `data` object; the contract\nanswers a deletion with 200 and `{\"status\": \"success\"}` *(contract\ndecision)*. The source shows no success status codes: the contract\nanswers 201 to a creation (a token, a registration, a scenario, a case, a\nstarted session) and 200 to every other success *(contract decision)*.\n\nAnswers may carry members the contract does not name: its response\nschemas leave `additionalProperties` out, which JSON Schema reads as\n\"any other member is allowed\", so clients ignore what they do not know.\nThe generated types list only the named members, so a misspelt field\n(`scenarios[0].titel`) is a compile error, not an `unknown`. Request\nbodies refuse unknown fields (below).\n\nCheck the HTTP status before reading `data`. A failed authorization is\ndistinct from an empty successful list. A client that sees a rejected\nrequest must report it rather than claim the change happened. A client\nshould first read a list endpoint, such as `GET /company/list/`, to confirm\nauthentication and scope.\n\n## Errors and statuses\n\nAn error payload is returned on failure.\n\n| HTTP status | Meaning for the client |\n|---|---|\n| 401 | the authorization header, token expiry or token state is wrong |\n| 403 | the account lacks the role or workspace/board access for the operation |\n| 404 | an identifier is wrong or out of scope, or the object is missing |\n| 400 | validation failure: the error payload names the fields to correct *(contract decision: the source does not show this status code)* |\n| 409 | the request is well-formed but conflicts with the current state: a username or e-mail address already taken on registration, a session started on a board without a column of the todo workflow kind, an outcome recorded on a finished session; the payload names the field *(contract decision: the source shows no status codes beyond 401, 403 and 404)* |\n| 429 | a limit of the server: too many wrong passwords or authenticator codes for one account name (login), too many accounts registered by one client (registration), or a storage quota reached (every operation that stores data); `Retry-After` says how many seconds to wait, and nothing was changed *(contract decision: the source says rate limits are not shown; a server without such limits never sends it)* |\n\nThe error payload's shape is not shown by the source *(contract decision)*:\n`{\"status\": \"error\", \"message\": \"…\", \"errors\": [{\"field\": \"captcha_token\",\n\"message\": \"is required\"}]}`, where `errors[].field` names each field to\ncorrect on a validation failure. Every authenticated operation declares 401,\n403 and 404; every operation that takes input declares 400, with an\nexample naming one of its own fields; login answers a wrong username,\npassword or authenticator code with 401, and refresh a bad refresh token\nwith 401; any other failure uses the same payload *(contract decision)*.\nError codes are not shown by the source, and the contract defines none.\n\nLogin, registration and refresh carry no `Authorization` header (source\n§5, rule 4). A request to one of them that sends one is refused with 400\nnaming `Authorization` (the `authorizationHeader` example of their 400)\n*(contract decision)*.\n\n## Requests, pagination and arrays\n\n- Paths keep their trailing slash (`/member/me/`, never `/member/me`).\n- Query fields go in the URL. JSON body fields go in the body with `Content-Type: application/json`.\n- `company_id` and `board_id` are internal identifiers obtained from list endpoints; display names and visible task numbers do not replace them. Every QA operation takes both as query parameters. `GET /company/list/` gives both: `data.companies[].id` and `data.companies[].boards[].id` *(contract decision: the source shows no board list)*. Ids are positive integers no larger than 2^53 - 1, so a JavaScript number holds each exactly *(contract decision: the source says only \"numeric\")*.\n- List endpoints accept `page` and `limit`, and `q` where the endpoint lists it. One response may not hold every row, so clients page through results. The source's examples use page 1 and limit 20 for the token list without stating them as defaults; the contract assumes `page` 1 and `limit` 20 when absent, and at most 100 rows per page *(contract decision)*. A list may carry `data.pagination` (`page`, `limit`, `total`) *(contract decision)*; clients must not rely on it and can stop when a page holds fewer rows than `limit`.\n- Array filters are sent as repeated keys: `assignee_ids=1&assignee_ids=2`.\n- Request bodies refuse unknown fields, string fields have length limits, and a `PATCH` body that may hold \"any of\" its fields must hold at least one *(contract decision: the source shows none of these; refusing a misspelt field names it in a 400 instead of dropping it silently)*.\n- Do not blindly repeat a POST after an ambiguous failure. A resource may already exist, so check first. (What counts as ambiguous is not spelled out by the source; a network error, a timeout or a 5xx are examples.)\n- Rate limits, the default page size and the maximum page size are not shown by the source. Login, registration and every operation that stores data declare 429 with `Retry-After` (the table above) *(contract decision)*; reads, deletions, refresh and finishing a session declare none.\n\n## Generated clients and the two schemes\n\nThe contract declares two security schemes: `ApiToken` (HTTP bearer) and\n`JwtAccessToken` (an API key in the `Authorization` header, whose value is\n`JWT <ACCESS_TOKEN>`). Client generators list the bearer scheme first, and\ntheir simple auth callback returns one token for every scheme, so a JWT\nends up sent as `Bearer <jwt>` and is refused with 401. Give the callback\nthe scheme, and the whole header value for the API-key scheme:\n\n```ts\n// @hey-api/openapi-ts and similar: called once per scheme of the operation.\nconst auth = (scheme: { type: string; scheme?: string }) =>\n  scheme.type === 'apiKey' ? `JWT ${accessToken}` : undefined;\n\n// swagger-typescript-api: the security worker sets the header itself.\nconst api = new Api({\n  baseUrl: 'http://127.0.0.1:4010/api',\n  securityWorker: (jwt: string | null) => (jwt ? { headers: { Authorization: `JWT ${jwt}` } } : {}),\n});\napi.setSecurityData(accessToken);\n```\n\nA named API token goes the other way: `Bearer <API_TOKEN>`, under the\nbearer scheme only. The kit's own client (`client/`) does this for both\ncredential kinds.\n\n## Workflows\n\nIds travel as query parameters, so no tool can guess which answer feeds\nwhich request. The success responses that hand out an id carry OpenAPI\n`links` that say it: a created scenario links to its read, update, delete\nand case list; a started session to recording its first case report's\noutcome and to finishing it; the company list to the QA operations of its\nfirst board. The **Links between operations** section of the reference\n(in the menu) lists them all; the kit's tests follow every one against the\nsandbox. A link that sets a request body gives it as the JSON text to send,\neach `{$response.body#/…}` in it replaced by the value it names (OpenAPI 3.1\nembeds runtime expressions in strings so).\n\n```text\n{\"scenario_id\": {$response.body#/data/case/scenario_id}}\n```\n\n## QA states and transitions\n\nA session is started for a scenario and includes that scenario's descendant\ncases; it carries a `case_reports` array. The source's state table (§3), for\nsessions and case reports:\n\n**Session.** Start with `POST /features/qa/sessions/start/`, finish with\n`PATCH /features/qa/sessions/finish/`.\n\n| State | Trigger | Condition | Next state | Other effects |\n|---|---|---|---|---|\n| (none) | start, with `scenario_id` | `scenario_id` given; the board has a column of the todo workflow kind | active | case reports created for the scenario's cases and descendants |\n| active | finish, with `sessions_id` | all cases reviewed (guidance) | finished | finished sessions are read-only in the web frontend; API validation stays authoritative for writes |\n\n**Case report.** Both transitions are\n`PATCH /features/qa/sessions/cases/` with the report's `case_report_id`.\n\n| State | Body | Condition | Next state | Other effects |\n|---|---|---|---|---|\n| pending | `status: done` | `case_report_id` given | done | records a pass |\n| pending | `status: bug`, `actual_result`, `severity`, `priority` | all four supplied | bug | creates or updates the linked task |\n\n```text diagram:qa-states\n  Session\n\n  (none) --start--> active ----finish----> finished\n                    is_active: true        is_active: false\n\n  start  = POST  /features/qa/sessions/start/\n           scenario_id; the board needs a column of the todo workflow kind\n  finish = PATCH /features/qa/sessions/finish/\n           sessions_id; all cases reviewed (guidance)\n\n  Case report\n\n  pending --record, status: done------------> done (a pass)\n     |\n     +-----record, status: bug, actual_result,\n           severity, priority --------------> bug (counts as reviewed)\n                                               :  creates or updates\n                                               v\n                                              linked task (on the board)\n\n  record = PATCH /features/qa/sessions/cases/  case_report_id\n```\n\n1. A bug outcome counts as reviewed.\n2. Finishing a session does not resolve the linked defect.\n3. Case-report status `pending` is a valid value.\n4. Transitions of a case report out of `done` or `bug` are not shown by the source.\n5. Session state names are not shown beyond the `is_active` filter. The contract reads \"active\" as `is_active: true` and \"finished\" as `is_active: false`, and adds no state field *(contract decision)*.\n\n### Where the company and board ids come from\n\nEvery QA operation takes `company_id` and `board_id` in the query. The\nsource says they are \"obtained from list endpoints\" and shows no board\nlist, so the contract lets each company of `GET /company/list/` carry its\nboards and their columns *(contract decision)*:\n\n```json\n{\"status\": \"success\", \"data\": {\"companies\": [{\"id\": 1, \"name\": \"Demo Company\",\n  \"boards\": [{\"id\": 1, \"name\": \"Web shop\",\n    \"columns\": [{\"id\": 1, \"name\": \"To do\", \"kind\": \"todo\"}]}]}]}}\n```\n\nTake `company_id` from `companies[].id` and `board_id` from\n`companies[].boards[].id`. To run review sessions, pick a board that has a\ncolumn whose `kind` is `todo`: the source makes \"a column of the todo\nworkflow kind\" the condition for starting a session (§3, §8). It gives no\nreason; the likely one is that a `bug` outcome creates a linked task,\nwhich needs a column to start in. A start on a board without such a column is\nanswered with 409 naming `board_id` *(contract decision)*. A server that\nsends no `boards` leaves the client to get board ids elsewhere: the other\nboard endpoints are not shown by the source.\n\nThe session id is sent as `sessions_id` on finish (this exact spelling,\nalthough the entity is singular). The allowed values of `severity` and\n`priority` are not shown by the source; the contract accepts any non-empty\nstring *(contract decision)*. How a case report points to its linked task\nis not shown either: the contract returns the task's id as `task_id` on the\nreport and the report's id as `case_report_id` on the task *(contract\ndecision)*.\n",
    "x-assumption": "The source shows no status codes beyond 401, 403 and 404 and does not say how a request that breaks a state rule is answered. The contract answers it with 409 and the error payload naming the field, so that a client can tell it from a malformed request (400): a username or e-mail address already taken, a session started on a board without a column of the todo workflow kind, an outcome recorded on a finished session.",
    "contact": {
      "name": "Task-Management contract kit",
      "x-assumption": "The source names no contact for the API. The contact given is the kit that keeps this contract; questions about the service itself go to its operator."
    },
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "http://127.0.0.1:4010/api",
      "description": "The kit's stateful sandbox (npm start; port from PORT). Listed first because client generators take the first server's URL as written, without filling in variables.",
      "x-assumption": "The source gives only `{base_url}`. The contract lists the kit's sandbox first, so that a generated client starts with a URL it can call; a deployment is the `{base_url}` server."
    },
    {
      "url": "{base_url}",
      "description": "A deployment of the service. `base_url` is its REST base address and ends in an api path segment (`/api`), for example https://tasks.example.com/api; the default is the kit's stateful sandbox.",
      "variables": {
        "base_url": {
          "default": "http://127.0.0.1:4010/api"
        }
      }
    },
    {
      "url": "http://127.0.0.1:4011/api",
      "description": "The kit's Prism mock (npm run mock; port from MOCK_PORT)."
    }
  ],
  "security": [
    {
      "ApiToken": []
    },
    {
      "JwtAccessToken": []
    }
  ],
  "tags": [
    {
      "name": "Account",
      "description": "Login, registration, refresh-token rotation and the account that owns a credential."
    },
    {
      "name": "API tokens",
      "description": "Named API tokens for integrations and server clients, and their lifecycle\n(active, inactive, revoked). Tokens are named per integration. An expiry\nmay be set. Unused tokens are deactivated or deleted. A token must be\nactive and not expired to authenticate.\n"
    },
    {
      "name": "QA scenarios",
      "description": "QA scenarios form a hierarchy through `parent_id` inside a board."
    },
    {
      "name": "QA cases",
      "description": "Test cases belong to a scenario and hold the instructions a reviewer follows."
    },
    {
      "name": "QA sessions",
      "description": "A review session is started for a scenario and holds one case report per\ncase of that scenario and of its descendants. A case report moves from\n`pending` to `done` (a pass) or `bug` (creates or updates a linked task).\n"
    },
    {
      "name": "Workspaces",
      "description": "Workspaces (companies). Only the company list is named by the source."
    },
    {
      "name": "Tasks",
      "description": "Tasks on a board. Only the task list is named by the source."
    }
  ],
  "paths": {
    "/member/me/": {
      "get": {
        "tags": [
          "Account"
        ],
        "operationId": "getMe",
        "summary": "Read the account that owns the credential",
        "description": "Returns the account that owns the credential sent in `Authorization`. Use it to check which account a token belongs to.",
        "responses": {
          "200": {
            "description": "The account, in `data.member`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MemberEnvelope"
                },
                "examples": {
                  "member": {
                    "$ref": "#/components/examples/MemberEnvelope"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/member/bearer-tokens/": {
      "get": {
        "tags": [
          "API tokens"
        ],
        "operationId": "listApiTokens",
        "summary": "List the account's named API tokens",
        "description": "Lists the named API tokens of the account that owns the credential. The\nsecret of a token is never listed *(contract decision: the source does\nnot show the fields returned for a token)*.\n",
        "parameters": [
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/Limit"
          }
        ],
        "responses": {
          "200": {
            "description": "The tokens, in `data.tokens`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiTokenListEnvelope"
                },
                "examples": {
                  "tokens": {
                    "$ref": "#/components/examples/ApiTokenListEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: limit must be at most 100.",
                  "errors": [
                    {
                      "field": "limit",
                      "message": "must be at most 100"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "post": {
        "tags": [
          "API tokens"
        ],
        "operationId": "createApiToken",
        "summary": "Create a named API token",
        "description": "Creates a named API token for an integration. Needs authentication: a\ntoken cannot be created anonymously. Tokens are named per integration,\nand an expiry may be set. The response carries the secret once, in\n`data.token.token`; send it as `Authorization: Bearer <secret>`\n*(contract decision: the source does not show the fields returned for a\ntoken)*. Do not blindly repeat this POST after an ambiguous failure: the\ntoken may already exist, so list the tokens first.\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ApiTokenCreate"
              },
              "examples": {
                "ciBot": {
                  "summary": "A token for a CI integration",
                  "value": {
                    "title": "ci-bot",
                    "is_active": true,
                    "metadata": {
                      "owner": "platform-team"
                    },
                    "expires_at": "2099-12-31T00:00:00Z"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The created token, with its secret, in `data.token`.",
            "links": {
              "updateApiToken": {
                "operationId": "updateApiToken",
                "description": "Rename, deactivate or reactivate the new token.",
                "parameters": {
                  "key": "$response.body#/data/token/key"
                }
              },
              "deleteApiToken": {
                "operationId": "deleteApiToken",
                "description": "Revoke the new token.",
                "parameters": {
                  "key": "$response.body#/data/token/key"
                }
              }
            },
            "x-assumption": "The source shows no success status codes; the contract answers a creation with 201 (and every other success with 200).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiTokenCreatedEnvelope"
                },
                "examples": {
                  "ciBot": {
                    "$ref": "#/components/examples/ApiTokenCreatedEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: title is required.",
                  "errors": [
                    {
                      "field": "title",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/member/bearer-tokens/detail/": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TokenKey"
        }
      ],
      "patch": {
        "tags": [
          "API tokens"
        ],
        "operationId": "updateApiToken",
        "summary": "Update, deactivate or reactivate a named API token",
        "description": "Changes any of `is_active`, `title`, `metadata` and `expires_at`.\n`is_active: false` deactivates the token: the token stops\nauthenticating. `is_active: true` reactivates it. Deactivating the token\nthe client itself uses makes that client's later requests fail.\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ApiTokenUpdate"
              },
              "examples": {
                "deactivate": {
                  "summary": "Deactivate the token",
                  "value": {
                    "is_active": false
                  }
                },
                "rename": {
                  "summary": "Rename the token",
                  "value": {
                    "title": "ci-bot-2"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated token, in `data.token`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiTokenEnvelope"
                },
                "examples": {
                  "updated": {
                    "$ref": "#/components/examples/ApiTokenEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: title must not be empty.",
                  "errors": [
                    {
                      "field": "title",
                      "message": "must not be empty"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "delete": {
        "tags": [
          "API tokens"
        ],
        "operationId": "deleteApiToken",
        "summary": "Revoke (delete) a named API token",
        "description": "Revokes the token. Later requests with it fail with 401; deleting the token a client itself uses invalidates that client's later requests.",
        "responses": {
          "200": {
            "description": "Revoked. The envelope carries no `data`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EmptyEnvelope"
                },
                "examples": {
                  "revoked": {
                    "$ref": "#/components/examples/EmptyEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: key is required.",
                  "errors": [
                    {
                      "field": "key",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/member/login/": {
      "post": {
        "tags": [
          "Account"
        ],
        "operationId": "login",
        "summary": "Log in and get a JWT access token and a refresh token",
        "description": "Needs a valid `captcha_token`, and `code` (the authenticator code) when\ntwo-factor authentication is enabled. Sends no `Authorization` header.\nUse `access_token` as `Authorization: JWT <access_token>`; keep\n`refresh_token` for `POST /member/refresh-token/` only.\n",
        "x-assumption": "The source does not show how a failed login is answered. The contract answers a wrong username, password or authenticator code with 401, and a missing or invalid `captcha_token`, or a missing `code` when two-factor authentication is enabled, with the validation failure (400).",
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/LoginRequest"
              },
              "examples": {
                "password": {
                  "summary": "Username and password",
                  "value": {
                    "username": "demo",
                    "password": "demo-password",
                    "captcha_token": "test-captcha"
                  }
                },
                "twoFactor": {
                  "summary": "With an authenticator code",
                  "value": {
                    "username": "demo-2fa",
                    "password": "demo-password",
                    "captcha_token": "test-captcha",
                    "code": "123456"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The token pair, in `data`.",
            "links": {
              "refreshToken": {
                "operationId": "refreshToken",
                "description": "Rotate the pair with its refresh token (in the body, never in Authorization).",
                "requestBody": "{\"refresh_token\": \"{$response.body#/data/refresh_token}\"}"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TokenPairEnvelope"
                },
                "examples": {
                  "password": {
                    "$ref": "#/components/examples/TokenPairEnvelope"
                  },
                  "twoFactor": {
                    "$ref": "#/components/examples/TokenPairEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "examples": {
                  "invalidCaptchaToken": {
                    "summary": "No `captcha_token`",
                    "value": {
                      "status": "error",
                      "message": "Validation failed: captcha_token is required.",
                      "errors": [
                        {
                          "field": "captcha_token",
                          "message": "is required"
                        }
                      ]
                    }
                  },
                  "authorizationHeader": {
                    "$ref": "#/components/examples/AuthorizationHeaderSent"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "429": {
            "description": "Too many wrong passwords or authenticator codes for this account name; wait `Retry-After` seconds. The payload names `username`.",
            "x-assumption": "The source says \"Rate limits: not shown\". The contract lets a server slow guessing: past a number of wrong passwords or authenticator codes for one account name, login answers 429 with the error payload naming `username` and a `Retry-After` header, for the right password too, until the window passes. It never locks the account.",
            "headers": {
              "Retry-After": {
                "$ref": "#/components/headers/RetryAfter"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Too many wrong passwords or authenticator codes for this account; try again in 42 s.",
                  "errors": [
                    {
                      "field": "username",
                      "message": "at most 10 a minute"
                    }
                  ]
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/member/register/": {
      "post": {
        "tags": [
          "Account"
        ],
        "operationId": "register",
        "summary": "Register an account",
        "description": "Needs a valid `captcha_token`. Sends no `Authorization` header. Do not\nblindly repeat this POST after an ambiguous failure: the account may\nalready exist, so check first (for example by logging in). A username\nor e-mail address that is already taken is answered with 409, naming\n`username` or `email` *(contract decision)*.\n",
        "x-assumption": "The source does not show how a registration with a username or e-mail address that is already taken is answered. The contract answers it with 409 (Conflict) naming `username` or `email`, and creates no account.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RegisterRequest"
              },
              "examples": {
                "newMember": {
                  "summary": "A new account",
                  "value": {
                    "first_name": "Ada",
                    "last_name": "Lovelace",
                    "username": "ada",
                    "email": "ada@example.com",
                    "password": "correct-horse-battery",
                    "captcha_token": "test-captcha"
                  }
                },
                "usernameTaken": {
                  "summary": "A username already taken (answered with 409)",
                  "value": {
                    "first_name": "Ada",
                    "username": "demo",
                    "email": "ada@example.com",
                    "password": "correct-horse-battery",
                    "captcha_token": "test-captcha"
                  }
                },
                "emailTaken": {
                  "summary": "An e-mail address already registered (answered with 409)",
                  "value": {
                    "first_name": "Ada",
                    "username": "ada",
                    "email": "demo@example.com",
                    "password": "correct-horse-battery",
                    "captcha_token": "test-captcha"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The registered account, in `data.member`.",
            "x-assumption": "The source shows no success status codes; the contract answers a creation with 201 (and every other success with 200).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MemberEnvelope"
                },
                "examples": {
                  "newMember": {
                    "$ref": "#/components/examples/RegisteredEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "examples": {
                  "invalidEmail": {
                    "summary": "A malformed `email`",
                    "value": {
                      "status": "error",
                      "message": "Validation failed: email must be an e-mail address.",
                      "errors": [
                        {
                          "field": "email",
                          "message": "must be an e-mail address"
                        }
                      ]
                    }
                  },
                  "authorizationHeader": {
                    "$ref": "#/components/examples/AuthorizationHeaderSent"
                  }
                }
              }
            }
          },
          "409": {
            "description": "The username or the e-mail address is already taken; no account was created. The payload names `username` or `email`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "examples": {
                  "usernameTaken": {
                    "$ref": "#/components/examples/UsernameTaken"
                  },
                  "emailTaken": {
                    "$ref": "#/components/examples/EmailTaken"
                  }
                }
              }
            }
          },
          "429": {
            "description": "Too many accounts registered from this client (wait `Retry-After` seconds), or the server's storage quota is reached. The payload names the field.",
            "x-assumption": "The source says \"Rate limits: not shown\". The contract lets a server bound sign-ups: past a number of registrations from one client, or when its storage quota is reached, registration answers 429 with the error payload and, for the first, a `Retry-After` header. It creates no account.",
            "headers": {
              "Retry-After": {
                "$ref": "#/components/headers/RetryAfter"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Too many accounts registered from this client; try again in 42 s.",
                  "errors": [
                    {
                      "field": "username",
                      "message": "at most 60 a minute"
                    }
                  ]
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/member/refresh-token/": {
      "post": {
        "tags": [
          "Account"
        ],
        "operationId": "refreshToken",
        "summary": "Rotate the session token pair",
        "description": "Takes the `refresh_token` in the body (never in `Authorization`) and\nanswers with a replacement pair. Store the new pair before any later\nrequest. Whether the old refresh token stays valid is not shown by the\nsource; the contract expects it to be spent *(contract decision)*, so\nuse only the newest one.\n",
        "x-assumption": "The source says refresh rotates (the response carries a replacement pair that the client stores) and does not show whether the old refresh token stays valid. The contract expects it to be spent after one use, and answers a spent, expired or invalid refresh token with 401.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RefreshRequest"
              },
              "examples": {
                "refresh": {
                  "summary": "Rotate the pair",
                  "value": {
                    "refresh_token": "eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIn0.c2lnbmF0dXJl"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The replacement pair, in `data`.",
            "links": {
              "refreshToken": {
                "operationId": "refreshToken",
                "description": "Rotate the pair with its refresh token (in the body, never in Authorization).",
                "requestBody": "{\"refresh_token\": \"{$response.body#/data/refresh_token}\"}"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TokenPairEnvelope"
                },
                "examples": {
                  "refresh": {
                    "$ref": "#/components/examples/TokenPairEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "examples": {
                  "invalidRefreshToken": {
                    "summary": "No `refresh_token`",
                    "value": {
                      "status": "error",
                      "message": "Validation failed: refresh_token is required.",
                      "errors": [
                        {
                          "field": "refresh_token",
                          "message": "is required"
                        }
                      ]
                    }
                  },
                  "authorizationHeader": {
                    "$ref": "#/components/examples/AuthorizationHeaderSent"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/features/qa/scenarios/list/": {
      "parameters": [
        {
          "$ref": "#/components/parameters/CompanyId"
        },
        {
          "$ref": "#/components/parameters/BoardId"
        }
      ],
      "get": {
        "tags": [
          "QA scenarios"
        ],
        "operationId": "listScenarios",
        "summary": "List scenarios",
        "description": "Lists the board's scenarios; `parent_id` keeps the children of one scenario.",
        "parameters": [
          {
            "$ref": "#/components/parameters/ParentIdFilter"
          },
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/Q"
          }
        ],
        "responses": {
          "200": {
            "description": "The scenarios, in `data.scenarios`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ScenarioListEnvelope"
                },
                "examples": {
                  "scenarios": {
                    "$ref": "#/components/examples/ScenarioListEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: board_id is required.",
                  "errors": [
                    {
                      "field": "board_id",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "post": {
        "tags": [
          "QA scenarios"
        ],
        "operationId": "createScenario",
        "summary": "Create a scenario",
        "description": "Creates a scenario; `parent_id` null makes a root scenario, a scenario\nid makes a child. Do not blindly repeat this POST after an ambiguous\nfailure: the scenario may already exist, so list the scenarios first.\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ScenarioCreate"
              },
              "examples": {
                "root": {
                  "summary": "A root scenario",
                  "value": {
                    "title": "Checkout",
                    "parent_id": null
                  }
                },
                "child": {
                  "summary": "A child scenario",
                  "value": {
                    "title": "Card payment",
                    "parent_id": 1,
                    "position": 0
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The created scenario, in `data.scenario`.",
            "links": {
              "getScenario": {
                "operationId": "getScenario",
                "description": "Read the new scenario.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "scenario_id": "$response.body#/data/scenario/id"
                }
              },
              "updateScenario": {
                "operationId": "updateScenario",
                "description": "Rename or reposition the new scenario.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "scenario_id": "$response.body#/data/scenario/id"
                }
              },
              "deleteScenario": {
                "operationId": "deleteScenario",
                "description": "Delete the new scenario.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "scenario_id": "$response.body#/data/scenario/id"
                }
              },
              "listCases": {
                "operationId": "listCases",
                "description": "List the new scenario's test cases.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "scenario_id": "$response.body#/data/scenario/id"
                }
              },
              "listChildScenarios": {
                "operationId": "listScenarios",
                "description": "List the new scenario's child scenarios.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "parent_id": "$response.body#/data/scenario/id"
                }
              },
              "createCase": {
                "operationId": "createCase",
                "description": "Create a test case in the new scenario.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id"
                },
                "requestBody": "{\"scenario\": {$response.body#/data/scenario/id}, \"title\": \"A case of the new scenario\", \"description\": \"\", \"steps_to_reproduce\": \"\", \"expected_result\": \"\"}"
              }
            },
            "x-assumption": "The source shows no success status codes; the contract answers a creation with 201 (and every other success with 200).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ScenarioEnvelope"
                },
                "examples": {
                  "created": {
                    "$ref": "#/components/examples/ScenarioEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: title is required.",
                  "errors": [
                    {
                      "field": "title",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/features/qa/scenarios/": {
      "parameters": [
        {
          "$ref": "#/components/parameters/CompanyId"
        },
        {
          "$ref": "#/components/parameters/BoardId"
        },
        {
          "$ref": "#/components/parameters/ScenarioId"
        }
      ],
      "get": {
        "tags": [
          "QA scenarios"
        ],
        "operationId": "getScenario",
        "summary": "Read a scenario",
        "description": "Reads one scenario.",
        "responses": {
          "200": {
            "description": "The scenario, in `data.scenario`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ScenarioEnvelope"
                },
                "examples": {
                  "scenario": {
                    "$ref": "#/components/examples/ScenarioEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: scenario_id is required.",
                  "errors": [
                    {
                      "field": "scenario_id",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "patch": {
        "tags": [
          "QA scenarios"
        ],
        "operationId": "updateScenario",
        "summary": "Rename or reposition a scenario",
        "description": "Sets the title and, optionally, the position.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ScenarioUpdate"
              },
              "examples": {
                "rename": {
                  "summary": "Rename",
                  "value": {
                    "title": "Checkout (guest)"
                  }
                },
                "reposition": {
                  "summary": "Rename and move",
                  "value": {
                    "title": "Checkout",
                    "position": 2
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated scenario, in `data.scenario`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ScenarioEnvelope"
                },
                "examples": {
                  "updated": {
                    "$ref": "#/components/examples/ScenarioEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: position must be at most 1000000.",
                  "errors": [
                    {
                      "field": "position",
                      "message": "must be at most 1000000"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "delete": {
        "tags": [
          "QA scenarios"
        ],
        "operationId": "deleteScenario",
        "summary": "Delete a scenario and its dependent QA data",
        "description": "Deletes the scenario and its dependent QA data. The source does not\nlist that data; the contract reads it as the whole subtree: descendant\nscenarios, their cases, the sessions started for any of them and the\nreports of those cases *(contract decision)*.\n",
        "x-assumption": "The source says \"delete the scenario and dependent QA data\" and does not list that data. The contract reads it as the descendant scenarios, the cases of the whole subtree, the sessions started for any of those scenarios, and every case report of those cases; linked tasks are board data and stay.",
        "responses": {
          "200": {
            "description": "Deleted. The envelope carries no `data`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EmptyEnvelope"
                },
                "examples": {
                  "deleted": {
                    "$ref": "#/components/examples/EmptyEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: scenario_id must be an integer.",
                  "errors": [
                    {
                      "field": "scenario_id",
                      "message": "must be an integer"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/features/qa/cases/list/": {
      "parameters": [
        {
          "$ref": "#/components/parameters/CompanyId"
        },
        {
          "$ref": "#/components/parameters/BoardId"
        }
      ],
      "get": {
        "tags": [
          "QA cases"
        ],
        "operationId": "listCases",
        "summary": "List a scenario's test cases",
        "description": "Lists the test cases of one scenario, a page at a time *(contract decision)*.",
        "x-assumption": "The source lists the case list's query as company_id, board_id and scenario_id, with no paging. A scenario may hold thousands of cases of 10,000-character texts, so the contract pages this list like the others: optional `page` and `limit` (20 rows when absent), and `data.pagination` in the answer. A client that sends neither gets the first 20 cases.",
        "parameters": [
          {
            "$ref": "#/components/parameters/ScenarioId"
          },
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/Limit"
          }
        ],
        "responses": {
          "200": {
            "description": "The cases, in `data.cases`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CaseListEnvelope"
                },
                "examples": {
                  "cases": {
                    "$ref": "#/components/examples/CaseListEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: scenario_id is required.",
                  "errors": [
                    {
                      "field": "scenario_id",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "post": {
        "tags": [
          "QA cases"
        ],
        "operationId": "createCase",
        "summary": "Create a test case",
        "description": "Creates a test case in the scenario named by `scenario` (the field's\nname on creation). Do not blindly repeat this POST after an ambiguous\nfailure: the case may already exist, so list the scenario's cases first.\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CaseCreate"
              },
              "example": {
                "scenario": 2,
                "title": "Pay with a saved card",
                "description": "The shopper pays with a card saved earlier.",
                "steps_to_reproduce": "1. Add an item. 2. Open checkout. 3. Pick the saved card.",
                "expected_result": "The order is confirmed."
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The created case, in `data.case`.",
            "links": {
              "getCase": {
                "operationId": "getCase",
                "description": "Read the new test case.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "case_id": "$response.body#/data/case/id"
                }
              },
              "updateCase": {
                "operationId": "updateCase",
                "description": "Update the new test case's instructions.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "case_id": "$response.body#/data/case/id"
                }
              },
              "deleteCase": {
                "operationId": "deleteCase",
                "description": "Delete the new test case.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "case_id": "$response.body#/data/case/id"
                }
              },
              "listCases": {
                "operationId": "listCases",
                "description": "List the test cases of the new case's scenario.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "scenario_id": "$response.body#/data/case/scenario_id"
                }
              },
              "startSession": {
                "operationId": "startSession",
                "description": "Start a review session for the new case's scenario.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id"
                },
                "requestBody": "{\"scenario_id\": {$response.body#/data/case/scenario_id}}"
              }
            },
            "x-assumption": "The source shows no success status codes; the contract answers a creation with 201 (and every other success with 200).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CaseEnvelope"
                },
                "examples": {
                  "created": {
                    "$ref": "#/components/examples/CaseEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: scenario is required.",
                  "errors": [
                    {
                      "field": "scenario",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/features/qa/cases/": {
      "parameters": [
        {
          "$ref": "#/components/parameters/CompanyId"
        },
        {
          "$ref": "#/components/parameters/BoardId"
        },
        {
          "$ref": "#/components/parameters/CaseId"
        }
      ],
      "get": {
        "tags": [
          "QA cases"
        ],
        "operationId": "getCase",
        "summary": "Read a test case",
        "description": "Reads one test case.",
        "responses": {
          "200": {
            "description": "The case, in `data.case`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CaseEnvelope"
                },
                "examples": {
                  "case": {
                    "$ref": "#/components/examples/CaseEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: case_id is required.",
                  "errors": [
                    {
                      "field": "case_id",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "patch": {
        "tags": [
          "QA cases"
        ],
        "operationId": "updateCase",
        "summary": "Update a test case's instructions",
        "description": "Changes any of `title`, `description`, `steps_to_reproduce` and `expected_result`.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CaseUpdate"
              },
              "example": {
                "expected_result": "The order is confirmed and a receipt is e-mailed."
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated case, in `data.case`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CaseEnvelope"
                },
                "examples": {
                  "updated": {
                    "$ref": "#/components/examples/CaseEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: expected_result must be at most 10000 characters.",
                  "errors": [
                    {
                      "field": "expected_result",
                      "message": "must be at most 10000 characters"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "delete": {
        "tags": [
          "QA cases"
        ],
        "operationId": "deleteCase",
        "summary": "Delete a test case",
        "description": "Deletes one test case.",
        "responses": {
          "200": {
            "description": "Deleted. The envelope carries no `data`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EmptyEnvelope"
                },
                "examples": {
                  "deleted": {
                    "$ref": "#/components/examples/EmptyEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: case_id must be an integer.",
                  "errors": [
                    {
                      "field": "case_id",
                      "message": "must be an integer"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/features/qa/sessions/": {
      "get": {
        "tags": [
          "QA sessions"
        ],
        "operationId": "listSessions",
        "summary": "List review sessions",
        "description": "Lists the board's review sessions, filtered by `is_active`. Each session carries its `case_reports` array.",
        "parameters": [
          {
            "$ref": "#/components/parameters/CompanyId"
          },
          {
            "$ref": "#/components/parameters/BoardId"
          },
          {
            "name": "is_active",
            "in": "query",
            "required": true,
            "description": "`true` lists active sessions, `false` finished ones.",
            "x-assumption": "The source names `is_active` as a boolean filter and shows no session state names. The contract reads `true` as active (started, not finished) and `false` as finished.",
            "schema": {
              "type": "boolean"
            },
            "example": true
          },
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/Q"
          }
        ],
        "responses": {
          "200": {
            "description": "The sessions, in `data.sessions`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SessionListEnvelope"
                },
                "examples": {
                  "sessions": {
                    "$ref": "#/components/examples/SessionListEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: is_active is required.",
                  "errors": [
                    {
                      "field": "is_active",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/features/qa/sessions/start/": {
      "post": {
        "tags": [
          "QA sessions"
        ],
        "operationId": "startSession",
        "summary": "Start a review session for a scenario",
        "description": "Starts an active session for the scenario and creates a case report,\nin `pending` (the state the source's case-report transitions start\nfrom), for every case of the scenario and of its descendants. The board\nmust have a column of the todo workflow kind; without one the session\ndoes not start (the source does not show the status; the contract\nanswers 409, naming `board_id`). Find a board with such a column in\n`GET /company/list/` (`boards[].columns[].kind`). Do not blindly\nrepeat this POST after an ambiguous failure: the session may already\nexist, so list the active sessions first.\n",
        "x-assumption": "The source gives the start condition (a column of the todo workflow kind on the board) but not how a start without one is answered. The request itself is well-formed and the board's state is what fails, so the contract answers 409 (Conflict) naming `board_id`, and creates no session.",
        "parameters": [
          {
            "$ref": "#/components/parameters/CompanyId"
          },
          {
            "$ref": "#/components/parameters/BoardId"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SessionStart"
              },
              "example": {
                "scenario_id": 1
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The started session, in `data.session`.",
            "links": {
              "recordCaseOutcome": {
                "operationId": "recordCaseOutcome",
                "description": "Record the outcome of the session's first case report.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id",
                  "case_report_id": "$response.body#/data/session/case_reports/0/id"
                }
              },
              "finishSession": {
                "operationId": "finishSession",
                "description": "Finish the session.",
                "parameters": {
                  "company_id": "$request.query.company_id",
                  "board_id": "$request.query.board_id"
                },
                "requestBody": "{\"sessions_id\": {$response.body#/data/session/id}}"
              }
            },
            "x-assumption": "The source shows no success status codes; the contract answers a creation with 201 (and every other success with 200).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SessionEnvelope"
                },
                "examples": {
                  "started": {
                    "$ref": "#/components/examples/SessionEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: scenario_id is required.",
                  "errors": [
                    {
                      "field": "scenario_id",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "description": "The board has no column of the todo workflow kind; no session was started. The payload names `board_id`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "The session cannot start: board_id has no column of the todo workflow kind.",
                  "errors": [
                    {
                      "field": "board_id",
                      "message": "has no column of the todo workflow kind, which a QA session needs"
                    }
                  ]
                }
              }
            }
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/features/qa/sessions/cases/": {
      "patch": {
        "tags": [
          "QA sessions"
        ],
        "operationId": "recordCaseOutcome",
        "summary": "Record a case outcome",
        "description": "Sets a case report's status. `done` records a pass. `bug` needs\n`actual_result`, `severity` and `priority`, and creates or updates the\nlinked task. `pending` is a valid value. Whether a report may move out\nof `done` or `bug` is not shown by the source: the request schema\naccepts every status, and the server decides. Finished sessions are\nread-only in the web frontend and API validation stays authoritative\nfor writes: the contract answers an outcome recorded on a finished\nsession with 409, naming `case_report_id` *(contract decision)*.\n",
        "x-assumption": "The source says finished sessions are read-only in the web frontend and that API validation stays authoritative for writes, without saying whether the API accepts a write on a finished session. The contract refuses it with 409 (Conflict) naming `case_report_id`, and changes nothing.",
        "parameters": [
          {
            "$ref": "#/components/parameters/CompanyId"
          },
          {
            "$ref": "#/components/parameters/BoardId"
          },
          {
            "$ref": "#/components/parameters/CaseReportId"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CaseOutcome"
              },
              "examples": {
                "done": {
                  "summary": "A pass",
                  "value": {
                    "status": "done"
                  }
                },
                "bug": {
                  "summary": "A defect",
                  "value": {
                    "status": "bug",
                    "actual_result": "The page hangs on submit.",
                    "severity": "major",
                    "priority": "high"
                  }
                },
                "pending": {
                  "summary": "Back to pending",
                  "value": {
                    "status": "pending"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated case report, in `data.case_report`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CaseReportEnvelope"
                },
                "examples": {
                  "recorded": {
                    "$ref": "#/components/examples/CaseReportEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: severity is required.",
                  "errors": [
                    {
                      "field": "severity",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "description": "The case report belongs to a finished session; nothing was changed. The payload names `case_report_id`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "The case report belongs to a finished session.",
                  "errors": [
                    {
                      "field": "case_report_id",
                      "message": "belongs to a finished session"
                    }
                  ]
                }
              }
            }
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/features/qa/sessions/finish/": {
      "patch": {
        "tags": [
          "QA sessions"
        ],
        "operationId": "finishSession",
        "summary": "Finish a review session",
        "description": "Finishes the session named by `sessions_id` (this exact spelling,\nalthough the entity is singular). Reviewing all cases first is\nguidance; a `bug` outcome counts as reviewed. Finishing a session does\nnot resolve the linked defect. Finished sessions are read-only in the\nweb frontend; API validation stays authoritative for writes. The\nfinished session is then listed with `is_active=false` *(contract\ndecision: the source shows no state names beyond the `is_active`\nfilter)*.\n",
        "parameters": [
          {
            "$ref": "#/components/parameters/CompanyId"
          },
          {
            "$ref": "#/components/parameters/BoardId"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SessionFinish"
              },
              "example": {
                "sessions_id": 1
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The finished session, in `data.session`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SessionEnvelope"
                },
                "examples": {
                  "finished": {
                    "$ref": "#/components/examples/SessionFinishedEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: sessions_id is required.",
                  "errors": [
                    {
                      "field": "sessions_id",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/QuotaExceeded"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/company/list/": {
      "get": {
        "tags": [
          "Workspaces"
        ],
        "operationId": "listCompanies",
        "summary": "List the account's workspaces",
        "description": "Lists the companies (workspaces) the credential's account may access. Read it first to confirm authentication and scope.",
        "responses": {
          "200": {
            "description": "The companies, in `data.companies`.",
            "x-assumption": "The links from this answer take the first company and its first board: a link can only point into the answer, not choose. A client that runs review sessions picks the board whose columns include a `todo` kind.",
            "links": {
              "listScenarios": {
                "operationId": "listScenarios",
                "description": "The scenarios of the first company's first board (pick the board by its columns when it matters).",
                "parameters": {
                  "company_id": "$response.body#/data/companies/0/id",
                  "board_id": "$response.body#/data/companies/0/boards/0/id"
                }
              },
              "createScenario": {
                "operationId": "createScenario",
                "description": "Create a scenario on the first company's first board.",
                "parameters": {
                  "company_id": "$response.body#/data/companies/0/id",
                  "board_id": "$response.body#/data/companies/0/boards/0/id"
                }
              },
              "listActiveSessions": {
                "operationId": "listSessions",
                "description": "The active review sessions of the first company's first board.",
                "parameters": {
                  "company_id": "$response.body#/data/companies/0/id",
                  "board_id": "$response.body#/data/companies/0/boards/0/id",
                  "is_active": "true"
                }
              },
              "listTasks": {
                "operationId": "listTasks",
                "description": "The tasks of the first company's first board.",
                "parameters": {
                  "company_id": "$response.body#/data/companies/0/id",
                  "board_id": "$response.body#/data/companies/0/boards/0/id"
                }
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CompanyListEnvelope"
                },
                "examples": {
                  "companies": {
                    "$ref": "#/components/examples/CompanyListEnvelope"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/task/list/": {
      "get": {
        "tags": [
          "Tasks"
        ],
        "operationId": "listTasks",
        "summary": "List a board's tasks",
        "description": "Lists the tasks of a board, optionally only those assigned to any of the repeated `assignee_ids`.",
        "x-assumption": "The source names the query fields `company_id`, `board_id`, `page`, `limit` and repeated `assignee_ids` without saying which are required. The contract requires `company_id` and `board_id`, makes the others optional, and keeps a task assigned to any of the given accounts.",
        "parameters": [
          {
            "$ref": "#/components/parameters/CompanyId"
          },
          {
            "$ref": "#/components/parameters/BoardId"
          },
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "name": "assignee_ids",
            "in": "query",
            "required": false,
            "description": "Keep tasks assigned to any of these accounts. Repeated keys, `assignee_ids=1&assignee_ids=2`.",
            "style": "form",
            "explode": true,
            "schema": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/Id"
              }
            },
            "example": [
              1,
              2
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The tasks, in `data.tasks`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TaskListEnvelope"
                },
                "examples": {
                  "tasks": {
                    "$ref": "#/components/examples/TaskListEnvelope"
                  }
                }
              }
            }
          },
          "400": {
            "description": "Validation failure. `errors[].field` names each field to correct; the example shows one of this operation's fields.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorPayload"
                },
                "example": {
                  "status": "error",
                  "message": "Validation failed: assignee_ids must be integers.",
                  "errors": [
                    {
                      "field": "assignee_ids",
                      "message": "must be integers"
                    }
                  ]
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "ApiToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "A **named API token**, for integrations and server clients, sent as\n`Authorization: Bearer <API_TOKEN>`. Create it under Profile → API Tokens\nor with `POST /member/bearer-tokens/` (which itself needs authentication).\nIt authenticates only while active and not expired; deactivating,\ndeleting or expiring it makes the next request fail with 401. A JWT\naccess token is never sent with this scheme.\n\nExample: `Authorization: Bearer tmk_live_9c1f0e7b2a4d4f6e8a0b1c2d3e4f5a6b`\n",
        "x-example": "Bearer tmk_live_9c1f0e7b2a4d4f6e8a0b1c2d3e4f5a6b"
      },
      "JwtAccessToken": {
        "type": "apiKey",
        "in": "header",
        "name": "Authorization",
        "description": "A **JWT access token**, for web sessions, sent as\n`Authorization: JWT <ACCESS_TOKEN>`. It is the `access_token` returned by\n`POST /member/login/` or `POST /member/refresh-token/`. It is never sent\nwith the `Bearer` scheme and never presented as a named API token. The\n`refresh_token` is never sent in `Authorization`, under any scheme: it\ngoes only in the body of `POST /member/refresh-token/`.\n\nThe header value carries the `JWT ` prefix, which a generated client\ndoes not add by itself: give its auth callback the whole value.\n\nExample: `Authorization: JWT eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl`\n",
        "x-example": "JWT eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
        "x-assumption": "The source's endpoint tables give Bearer as the authentication of every authenticated operation, while its credential table says web sessions send `Authorization: JWT`. The contract accepts either credential kind on every authenticated operation."
      }
    },
    "parameters": {
      "CompanyId": {
        "name": "company_id",
        "in": "query",
        "required": true,
        "description": "Internal id of the company (workspace), from `GET /company/list/`. A display name does not replace it.",
        "schema": {
          "$ref": "#/components/schemas/Id"
        },
        "example": 1
      },
      "BoardId": {
        "name": "board_id",
        "in": "query",
        "required": true,
        "description": "Internal id of the board inside the company. A display name does not replace it.",
        "schema": {
          "$ref": "#/components/schemas/Id"
        },
        "example": 1
      },
      "ScenarioId": {
        "name": "scenario_id",
        "in": "query",
        "required": true,
        "description": "Id of the scenario.",
        "schema": {
          "$ref": "#/components/schemas/Id"
        },
        "example": 1
      },
      "ParentIdFilter": {
        "name": "parent_id",
        "in": "query",
        "required": false,
        "description": "Keep only the direct children of this scenario.",
        "x-assumption": "The source lists `parent_id` as an optional filter without its meaning. The contract keeps the direct children of that scenario (not deeper descendants) and offers no filter for root scenarios.",
        "schema": {
          "$ref": "#/components/schemas/Id"
        },
        "example": 1
      },
      "CaseId": {
        "name": "case_id",
        "in": "query",
        "required": true,
        "description": "Id of the test case.",
        "schema": {
          "$ref": "#/components/schemas/Id"
        },
        "example": 1
      },
      "CaseReportId": {
        "name": "case_report_id",
        "in": "query",
        "required": true,
        "description": "Id of the case report inside a session.",
        "schema": {
          "$ref": "#/components/schemas/Id"
        },
        "example": 1
      },
      "TokenKey": {
        "name": "key",
        "in": "query",
        "required": true,
        "description": "Identifies the named API token (its `key`, not its secret).",
        "x-assumption": "The source says only that `key` identifies the token. The contract decides that `key` is a public identifier distinct from the secret, so that no secret travels in a URL, and accepts at most 200 characters.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
        },
        "example": "tok_5f2a9c"
      },
      "Page": {
        "name": "page",
        "in": "query",
        "required": false,
        "description": "1-based page number.",
        "x-assumption": "The source shows no default page and no numbering (its examples use page 1); the contract assumes pages count from 1, 1 when `page` is absent, and accepts at most 1000000.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 1000000
        },
        "example": 1
      },
      "Limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Rows per page.",
        "x-assumption": "The source shows neither a default nor a maximum page size (its examples use 20). The contract assumes 20 when absent and accepts at most 100.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100
        },
        "example": 20
      },
      "Q": {
        "name": "q",
        "in": "query",
        "required": false,
        "description": "Search text.",
        "x-assumption": "The source says only that `q` is accepted where listed. The contract assumes a case-insensitive substring match on the title and accepts at most 200 characters.",
        "schema": {
          "type": "string",
          "maxLength": 200
        },
        "example": "checkout"
      }
    },
    "schemas": {
      "Id": {
        "type": "integer",
        "format": "int64",
        "minimum": 1,
        "maximum": 9007199254740991,
        "description": "Internal numeric identifier.",
        "x-assumption": "The source says ids are numeric and shows nothing more; the contract assumes positive integers (int64) no larger than 2^53 - 1, so that JavaScript clients read every id exactly.",
        "example": 1
      },
      "Timestamp": {
        "type": "string",
        "format": "date-time",
        "description": "An RFC 3339 timestamp.",
        "example": "2026-11-22T10:00:00Z"
      },
      "Success": {
        "type": "string",
        "const": "success",
        "description": "Always `success` on a successful response."
      },
      "ErrorPayload": {
        "type": "object",
        "description": "The error payload returned on every failure. It names the fields to correct on a validation failure.",
        "x-assumption": "The source says only that an error payload is returned on failure and that a validation failure names the fields to correct. The shape (`status`, `message`, `errors[].field`, `errors[].message`) is the contract's decision; other members are allowed.",
        "required": [
          "status",
          "message"
        ],
        "properties": {
          "status": {
            "type": "string",
            "not": {
              "const": "success"
            },
            "description": "Never `success` on a failure (the contract uses `error`).",
            "example": "error"
          },
          "message": {
            "type": "string",
            "description": "A human-readable summary.",
            "example": "Validation failed."
          },
          "errors": {
            "type": "array",
            "description": "One entry per field to correct (validation failures, conflicts).",
            "x-assumption": "The source says a validation failure names the fields to correct and does not show its status code. The contract answers it with 400 and lists each field here; every operation that takes input declares its own 400 example naming one of its fields.",
            "items": {
              "$ref": "#/components/schemas/FieldError"
            }
          }
        }
      },
      "FieldError": {
        "type": "object",
        "required": [
          "field",
          "message"
        ],
        "properties": {
          "field": {
            "type": "string",
            "description": "The name of the field to correct (a body field, a query parameter or a header).",
            "example": "captcha_token"
          },
          "message": {
            "type": "string",
            "description": "What is wrong with it.",
            "example": "is required"
          }
        }
      },
      "EmptyEnvelope": {
        "type": "object",
        "description": "A success that carries no payload, such as a deletion. `data`, when present, is an object.",
        "x-assumption": "The source says deletions may return no data object and shows no status code; the contract answers 200 with `{\"status\": \"success\"}`.",
        "required": [
          "status"
        ],
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object"
          }
        }
      },
      "Pagination": {
        "type": "object",
        "description": "Where this page sits in the whole list.",
        "x-assumption": "The source shows no pagination metadata. The contract allows an optional `pagination` object; clients must not rely on it and can stop when a page holds fewer rows than `limit`.",
        "required": [
          "page",
          "limit",
          "total"
        ],
        "properties": {
          "page": {
            "type": "integer",
            "minimum": 1,
            "example": 1
          },
          "limit": {
            "type": "integer",
            "minimum": 1,
            "example": 20
          },
          "total": {
            "type": "integer",
            "minimum": 0,
            "example": 42
          }
        }
      },
      "Member": {
        "type": "object",
        "description": "An account.",
        "x-assumption": "The source does not show the fields returned for an account. The contract requires `id` and `username` and names the registration fields (`email` as an e-mail address); other members are allowed. Secrets (password) are never returned.",
        "required": [
          "id",
          "username"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "username": {
            "type": "string",
            "example": "demo"
          },
          "email": {
            "type": "string",
            "format": "email",
            "example": "demo@example.com"
          },
          "first_name": {
            "type": "string",
            "example": "Demo"
          },
          "last_name": {
            "type": "string",
            "example": "Member"
          },
          "description": {
            "type": "string",
            "example": "QA lead"
          },
          "two_factor_enabled": {
            "type": "boolean",
            "description": "Whether login asks this account for `code`, the authenticator code.",
            "x-assumption": "The source says login takes `code` when two-factor authentication is enabled and does not show whether an account says so. The contract names an optional boolean `two_factor_enabled` on the account.",
            "example": false
          }
        }
      },
      "MemberEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The source says the account is returned \"in data\"; the key `member` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "member"
            ],
            "properties": {
              "member": {
                "$ref": "#/components/schemas/Member"
              }
            }
          }
        }
      },
      "LoginRequest": {
        "type": "object",
        "x-assumption": "The source lists the login fields but shows no formats or limits. The contract takes `code` as a string, caps every length, and refuses unknown fields.",
        "required": [
          "username",
          "password",
          "captcha_token"
        ],
        "properties": {
          "username": {
            "type": "string",
            "minLength": 1,
            "maxLength": 150,
            "example": "demo"
          },
          "password": {
            "type": "string",
            "minLength": 1,
            "maxLength": 256,
            "format": "password",
            "example": "demo-password"
          },
          "captcha_token": {
            "type": "string",
            "minLength": 1,
            "maxLength": 2048,
            "description": "A valid captcha token.",
            "example": "test-captcha"
          },
          "code": {
            "type": "string",
            "minLength": 1,
            "maxLength": 16,
            "description": "Authenticator code, when two-factor authentication is enabled.",
            "example": "123456"
          }
        },
        "additionalProperties": false
      },
      "RegisterRequest": {
        "type": "object",
        "x-assumption": "The source lists the registration fields but shows no formats or limits. The contract requires `email` to be an e-mail address, caps every length, and refuses unknown fields.",
        "required": [
          "first_name",
          "username",
          "email",
          "password",
          "captcha_token"
        ],
        "properties": {
          "first_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 150,
            "example": "Ada"
          },
          "last_name": {
            "type": "string",
            "maxLength": 150,
            "example": "Lovelace"
          },
          "username": {
            "type": "string",
            "minLength": 1,
            "maxLength": 150,
            "example": "ada"
          },
          "email": {
            "type": "string",
            "format": "email",
            "maxLength": 254,
            "example": "ada@example.com"
          },
          "password": {
            "type": "string",
            "minLength": 1,
            "maxLength": 256,
            "format": "password",
            "example": "correct-horse-battery"
          },
          "captcha_token": {
            "type": "string",
            "minLength": 1,
            "maxLength": 2048,
            "example": "test-captcha"
          },
          "description": {
            "type": "string",
            "maxLength": 2000,
            "example": "QA engineer"
          }
        },
        "additionalProperties": false
      },
      "RefreshRequest": {
        "type": "object",
        "x-assumption": "The source shows no format or limit for `refresh_token`. The contract accepts at most 4096 characters and refuses unknown fields.",
        "required": [
          "refresh_token"
        ],
        "properties": {
          "refresh_token": {
            "type": "string",
            "minLength": 1,
            "maxLength": 4096,
            "example": "eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIn0.c2lnbmF0dXJl"
          }
        },
        "additionalProperties": false
      },
      "TokenPair": {
        "type": "object",
        "required": [
          "access_token",
          "refresh_token"
        ],
        "properties": {
          "access_token": {
            "type": "string",
            "description": "JWT access token; send as `Authorization: JWT <access_token>`.",
            "example": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"
          },
          "refresh_token": {
            "type": "string",
            "description": "Refresh token; send only in the body of `POST /member/refresh-token/`.",
            "example": "eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIn0.c2lnbmF0dXJl"
          }
        }
      },
      "TokenPairEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The source says the login and refresh results contain `access_token` and `refresh_token`; that they sit directly in `data` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "$ref": "#/components/schemas/TokenPair"
          }
        }
      },
      "TokenMetadata": {
        "type": "object",
        "description": "Free-form data about the integration.",
        "x-assumption": "The source does not show the format of `metadata`; the contract assumes a JSON object.",
        "additionalProperties": true,
        "example": {
          "owner": "platform-team"
        }
      },
      "TokenExpiry": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "When the token stops authenticating; null for no expiry.",
        "x-assumption": "The source does not show the format of `expires_at`; the contract assumes an RFC 3339 date-time (or null).",
        "example": "2099-12-31T00:00:00Z"
      },
      "ApiToken": {
        "type": "object",
        "description": "A named API token, without its secret.",
        "x-assumption": "The source does not show the fields returned for a token. The contract requires `key`, `title` and `is_active`, names `metadata`, `expires_at` and `created_at`, and never returns the secret here; other members are allowed.",
        "required": [
          "key",
          "title",
          "is_active"
        ],
        "properties": {
          "key": {
            "type": "string",
            "description": "Identifies the token in `key` query parameters. Not the secret.",
            "example": "tok_5f2a9c"
          },
          "title": {
            "type": "string",
            "example": "ci-bot"
          },
          "is_active": {
            "type": "boolean",
            "example": true
          },
          "metadata": {
            "$ref": "#/components/schemas/TokenMetadata"
          },
          "expires_at": {
            "$ref": "#/components/schemas/TokenExpiry"
          },
          "created_at": {
            "$ref": "#/components/schemas/Timestamp"
          }
        }
      },
      "ApiTokenWithSecret": {
        "description": "A newly created token, with its secret.",
        "x-assumption": "The source does not show how the secret is handed out. The contract decides it comes once, in `token`, in the creation response.",
        "allOf": [
          {
            "$ref": "#/components/schemas/ApiToken"
          },
          {
            "type": "object",
            "required": [
              "token"
            ],
            "properties": {
              "token": {
                "type": "string",
                "description": "The secret. Send it as `Authorization: Bearer <token>`. Shown only once.",
                "example": "tmk_live_9c1f0e7b2a4d4f6e8a0b1c2d3e4f5a6b"
              }
            }
          }
        ]
      },
      "ApiTokenCreate": {
        "type": "object",
        "x-assumption": "The source lists the body fields but shows no limits. The contract caps `title` at 200 characters and refuses unknown fields.",
        "required": [
          "title",
          "is_active"
        ],
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Name of the integration.",
            "example": "ci-bot"
          },
          "is_active": {
            "type": "boolean",
            "example": true
          },
          "metadata": {
            "$ref": "#/components/schemas/TokenMetadata"
          },
          "expires_at": {
            "$ref": "#/components/schemas/TokenExpiry"
          }
        },
        "additionalProperties": false
      },
      "ApiTokenUpdate": {
        "type": "object",
        "x-assumption": "The source says the body holds \"any of\" `is_active`, `title`, `metadata` and `expires_at`. The contract requires at least one of them, caps `title` at 200 characters, and refuses unknown fields.",
        "minProperties": 1,
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "example": "ci-bot-2"
          },
          "is_active": {
            "type": "boolean",
            "example": false
          },
          "metadata": {
            "$ref": "#/components/schemas/TokenMetadata"
          },
          "expires_at": {
            "$ref": "#/components/schemas/TokenExpiry"
          }
        },
        "additionalProperties": false
      },
      "ApiTokenEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The key `token` in `data` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "token"
            ],
            "properties": {
              "token": {
                "$ref": "#/components/schemas/ApiToken"
              }
            }
          }
        }
      },
      "ApiTokenCreatedEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The key `token` in `data` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "token"
            ],
            "properties": {
              "token": {
                "$ref": "#/components/schemas/ApiTokenWithSecret"
              }
            }
          }
        }
      },
      "ApiTokenListEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The collection name `tokens` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "tokens"
            ],
            "properties": {
              "tokens": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/ApiToken"
                }
              },
              "pagination": {
                "$ref": "#/components/schemas/Pagination"
              }
            }
          }
        }
      },
      "Scenario": {
        "type": "object",
        "description": "A QA scenario.",
        "x-assumption": "The source lists the fields `title`, `parent_id` and `position`, and does not show the type of `position`. Returning the scenario's own id as `id` (alongside `board_id`), and `position` as an integer from 0 to 1000000 (the bounds a create or update accepts) or null, is the contract's decision.",
        "required": [
          "id",
          "title",
          "parent_id"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "title": {
            "type": "string",
            "example": "Checkout"
          },
          "parent_id": {
            "type": [
              "integer",
              "null"
            ],
            "format": "int64",
            "minimum": 1,
            "maximum": 9007199254740991,
            "description": "Id of the parent scenario, or null for a root.",
            "example": null
          },
          "position": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 0,
            "maximum": 1000000,
            "example": 0
          },
          "board_id": {
            "$ref": "#/components/schemas/Id"
          }
        }
      },
      "ScenarioCreate": {
        "type": "object",
        "x-assumption": "The source says only that `position` is optional and shows no limits. The contract takes `position` as an integer from 0, caps `title` at 500 characters, and refuses unknown fields.",
        "required": [
          "title",
          "parent_id"
        ],
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500,
            "example": "Checkout"
          },
          "parent_id": {
            "type": [
              "integer",
              "null"
            ],
            "format": "int64",
            "minimum": 1,
            "maximum": 9007199254740991,
            "description": "Id of the parent scenario, or null for a root scenario.",
            "example": null
          },
          "position": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "example": 0
          }
        },
        "additionalProperties": false
      },
      "ScenarioUpdate": {
        "type": "object",
        "x-assumption": "The source says only that `position` is optional and shows no limits. The contract takes `position` as an integer from 0, caps `title` at 500 characters, and refuses unknown fields.",
        "required": [
          "title"
        ],
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500,
            "example": "Checkout (guest)"
          },
          "position": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "example": 2
          }
        },
        "additionalProperties": false
      },
      "ScenarioEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The key `scenario` in `data` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "scenario"
            ],
            "properties": {
              "scenario": {
                "$ref": "#/components/schemas/Scenario"
              }
            }
          }
        }
      },
      "ScenarioListEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The collection name `scenarios` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "scenarios"
            ],
            "properties": {
              "scenarios": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Scenario"
                }
              },
              "pagination": {
                "$ref": "#/components/schemas/Pagination"
              }
            }
          }
        }
      },
      "Case": {
        "type": "object",
        "description": "A QA test case.",
        "x-assumption": "That a case is returned with `id` and `scenario_id` (the relation) is the contract's decision; the source names `scenario` on creation and `scenario_id` as list filter.",
        "required": [
          "id",
          "scenario_id",
          "title"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "scenario_id": {
            "$ref": "#/components/schemas/Id"
          },
          "title": {
            "type": "string",
            "example": "Pay with a saved card"
          },
          "description": {
            "type": "string",
            "example": "The shopper pays with a card saved earlier."
          },
          "steps_to_reproduce": {
            "type": "string",
            "example": "1. Add an item. 2. Open checkout. 3. Pick the saved card."
          },
          "expected_result": {
            "type": "string",
            "example": "The order is confirmed."
          }
        }
      },
      "CaseCreate": {
        "type": "object",
        "x-assumption": "The source lists the five fields as strings (the scenario as a numeric id) but shows no limits. The contract caps `title` at 500 and the other texts at 10000 characters, allows empty texts other than `title`, and refuses unknown fields.",
        "required": [
          "scenario",
          "title",
          "description",
          "steps_to_reproduce",
          "expected_result"
        ],
        "properties": {
          "scenario": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Id"
              }
            ],
            "description": "Id of the scenario the case belongs to (named `scenario` on creation)."
          },
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500,
            "example": "Pay with a saved card"
          },
          "description": {
            "type": "string",
            "maxLength": 10000,
            "example": "The shopper pays with a card saved earlier."
          },
          "steps_to_reproduce": {
            "type": "string",
            "maxLength": 10000,
            "example": "1. Add an item. 2. Open checkout. 3. Pick the saved card."
          },
          "expected_result": {
            "type": "string",
            "maxLength": 10000,
            "example": "The order is confirmed."
          }
        },
        "additionalProperties": false
      },
      "CaseUpdate": {
        "type": "object",
        "x-assumption": "The source says the body holds \"any of\" `title`, `description`, `steps_to_reproduce` and `expected_result`. The contract requires at least one of them, caps lengths as on creation, and refuses unknown fields.",
        "minProperties": 1,
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500,
            "example": "Pay with a saved card"
          },
          "description": {
            "type": "string",
            "maxLength": 10000,
            "example": "The shopper pays with a card saved earlier."
          },
          "steps_to_reproduce": {
            "type": "string",
            "maxLength": 10000,
            "example": "1. Add an item. 2. Open checkout. 3. Pick the saved card."
          },
          "expected_result": {
            "type": "string",
            "maxLength": 10000,
            "example": "The order is confirmed and a receipt is e-mailed."
          }
        },
        "additionalProperties": false
      },
      "CaseEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The key `case` in `data` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "case"
            ],
            "properties": {
              "case": {
                "$ref": "#/components/schemas/Case"
              }
            }
          }
        }
      },
      "CaseListEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The collection name `cases` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "cases"
            ],
            "properties": {
              "cases": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Case"
                }
              },
              "pagination": {
                "$ref": "#/components/schemas/Pagination"
              }
            }
          }
        }
      },
      "CaseReportStatus": {
        "type": "string",
        "enum": [
          "pending",
          "done",
          "bug"
        ],
        "description": "`pending` (not yet reviewed), `done` (a pass) or `bug` (a defect; counts as reviewed)."
      },
      "Severity": {
        "type": "string",
        "minLength": 1,
        "maxLength": 50,
        "description": "How bad the defect is.",
        "x-assumption": "The source does not show the allowed severity values. The contract accepts any non-empty string of at most 50 characters; the examples use low, medium, major, critical.",
        "example": "major"
      },
      "Priority": {
        "type": "string",
        "minLength": 1,
        "maxLength": 50,
        "description": "How urgent the fix is.",
        "x-assumption": "The source does not show the allowed priority values. The contract accepts any non-empty string of at most 50 characters; the examples use low, medium, high, urgent.",
        "example": "high"
      },
      "CaseReport": {
        "type": "object",
        "description": "The outcome of one case inside a session.",
        "x-assumption": "The source names `case_report_id`, `status`, `actual_result`, `severity` and `priority`. Returning the report's id as `id`, its case as `case_id`, the three bug fields as null until supplied, and the linked task as `task_id` (null until a bug) is the contract's decision.",
        "required": [
          "id",
          "case_id",
          "status"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "session_id": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Id"
              }
            ],
            "description": "The session the report belongs to.",
            "x-assumption": "The source says each session carries its case reports and does not show a report's fields. The contract names an optional `session_id` on the report, so that the answer of recording an outcome says which session it belongs to."
          },
          "case_id": {
            "$ref": "#/components/schemas/Id"
          },
          "status": {
            "$ref": "#/components/schemas/CaseReportStatus"
          },
          "actual_result": {
            "type": [
              "string",
              "null"
            ],
            "example": "The page hangs on submit."
          },
          "severity": {
            "type": [
              "string",
              "null"
            ],
            "example": "major"
          },
          "priority": {
            "type": [
              "string",
              "null"
            ],
            "example": "high"
          },
          "task_id": {
            "type": [
              "integer",
              "null"
            ],
            "format": "int64",
            "minimum": 1,
            "maximum": 9007199254740991,
            "description": "The linked task created or updated by a `bug` outcome; null while there is none.",
            "example": 7
          }
        }
      },
      "CaseOutcome": {
        "type": "object",
        "description": "The outcome to record. `bug` needs `actual_result`, `severity` and `priority`.",
        "x-assumption": "The source says `actual_result`, `severity` and `priority` are supplied with `bug`, and does not say whether they may come with `pending` or `done`. The contract refuses them there, caps `actual_result` at 10000 characters, and refuses unknown fields.",
        "oneOf": [
          {
            "$ref": "#/components/schemas/CaseOutcomePending"
          },
          {
            "$ref": "#/components/schemas/CaseOutcomeDone"
          },
          {
            "$ref": "#/components/schemas/CaseOutcomeBug"
          }
        ],
        "discriminator": {
          "propertyName": "status",
          "mapping": {
            "pending": "#/components/schemas/CaseOutcomePending",
            "done": "#/components/schemas/CaseOutcomeDone",
            "bug": "#/components/schemas/CaseOutcomeBug"
          }
        }
      },
      "CaseOutcomePending": {
        "type": "object",
        "required": [
          "status"
        ],
        "properties": {
          "status": {
            "type": "string",
            "const": "pending"
          }
        },
        "additionalProperties": false
      },
      "CaseOutcomeDone": {
        "type": "object",
        "required": [
          "status"
        ],
        "properties": {
          "status": {
            "type": "string",
            "const": "done"
          }
        },
        "additionalProperties": false
      },
      "CaseOutcomeBug": {
        "type": "object",
        "required": [
          "status",
          "actual_result",
          "severity",
          "priority"
        ],
        "properties": {
          "status": {
            "type": "string",
            "const": "bug"
          },
          "actual_result": {
            "type": "string",
            "minLength": 1,
            "maxLength": 10000,
            "description": "What happened instead of the expected result.",
            "example": "The page hangs on submit."
          },
          "severity": {
            "$ref": "#/components/schemas/Severity"
          },
          "priority": {
            "$ref": "#/components/schemas/Priority"
          }
        },
        "additionalProperties": false
      },
      "CaseReportEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The source does not show what recording an outcome returns; the contract returns the report in `data.case_report`.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "case_report"
            ],
            "properties": {
              "case_report": {
                "$ref": "#/components/schemas/CaseReport"
              }
            }
          }
        }
      },
      "Session": {
        "type": "object",
        "description": "A review session.",
        "x-assumption": "The source says each session carries a `case_reports` array and names `is_active` only as a list filter; state names are not shown, so the contract adds none. Returning `is_active` on the session, its id as `id` (the value sent as `sessions_id`), its `scenario_id` and its `board_id` is the contract's decision.",
        "required": [
          "id",
          "is_active",
          "case_reports"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "scenario_id": {
            "$ref": "#/components/schemas/Id"
          },
          "board_id": {
            "$ref": "#/components/schemas/Id"
          },
          "title": {
            "type": "string",
            "description": "The session's name, which `q` searches in the session list.",
            "x-assumption": "The source says sessions are filtered by `q` and does not show a session's fields. The contract names an optional `title` (the kit's sandbox gives a session its scenario's title), which `q` matches.",
            "example": "Checkout"
          },
          "is_active": {
            "type": "boolean",
            "example": true
          },
          "started_at": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Timestamp"
              }
            ],
            "description": "When the session was started.",
            "x-assumption": "The source does not show a session's fields. The contract names optional `started_at` and `finished_at` (null while the session is active) timestamps."
          },
          "finished_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "When the session was finished; null while it is active.",
            "example": null
          },
          "case_reports": {
            "type": "array",
            "description": "The session's case reports, in case order. In a list or finish answer a large session may carry only its first reports; `case_reports_total` then says how many it has.",
            "items": {
              "$ref": "#/components/schemas/CaseReport"
            }
          },
          "case_reports_total": {
            "type": "integer",
            "minimum": 0,
            "description": "How many case reports the session has, when `case_reports` may be cut short (list and finish answers).",
            "x-assumption": "The source says each session carries a `case_reports` array of existing case reports and shows no size bound. So that one list page cannot grow to megabytes, the contract lets a list or finish answer carry only the first reports of a large session, with their number in `case_reports_total`; the start answer carries them all. The source shows no operation that pages one session's reports.",
            "example": 1
          }
        }
      },
      "SessionStart": {
        "type": "object",
        "x-assumption": "The contract refuses unknown fields in this body; the source does not say.",
        "required": [
          "scenario_id"
        ],
        "properties": {
          "scenario_id": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Id"
              }
            ],
            "description": "The scenario to review."
          }
        },
        "additionalProperties": false
      },
      "SessionFinish": {
        "type": "object",
        "x-assumption": "The contract refuses unknown fields in this body; the source does not say.",
        "required": [
          "sessions_id"
        ],
        "properties": {
          "sessions_id": {
            "allOf": [
              {
                "$ref": "#/components/schemas/Id"
              }
            ],
            "description": "The session to finish (this exact spelling)."
          }
        },
        "additionalProperties": false
      },
      "SessionEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The source does not show what starting or finishing a session returns; the contract returns the session in `data.session`.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "session"
            ],
            "properties": {
              "session": {
                "$ref": "#/components/schemas/Session"
              }
            }
          }
        }
      },
      "SessionListEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The collection name `sessions` is the contract's decision.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "sessions"
            ],
            "properties": {
              "sessions": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Session"
                }
              },
              "pagination": {
                "$ref": "#/components/schemas/Pagination"
              }
            }
          }
        }
      },
      "Company": {
        "type": "object",
        "description": "A workspace.",
        "x-assumption": "The source does not show a company's fields. The contract requires `id` (the `company_id` of other operations), names `name` and the optional `boards` (where a client finds a `board_id`), and allows others.",
        "required": [
          "id"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "name": {
            "type": "string",
            "example": "Demo Company"
          },
          "role": {
            "type": "string",
            "description": "The role of the credential's account in this company.",
            "x-assumption": "The source says roles apply to every endpoint and does not show role names. The contract names an optional `role` on each company of the list, the role of the credential's account there, as any string (the kit's sandbox uses `owner`, `qa` and `viewer`).",
            "example": "qa"
          },
          "boards": {
            "type": "array",
            "description": "The company's boards with their columns; a board's `id` is the `board_id` of the QA operations and the task list.",
            "items": {
              "$ref": "#/components/schemas/Board"
            }
          }
        }
      },
      "Board": {
        "type": "object",
        "description": "A board inside a company, with its columns.",
        "x-assumption": "The source names boards and columns (board_id is \"obtained from list endpoints\", a session needs \"a column of the todo workflow kind\") but shows no board list and no board fields. The contract lets each company of `GET /company/list/` carry an optional `boards` array; a board requires only `id`, and `name` and `columns` are named; other members are allowed.",
        "required": [
          "id"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "name": {
            "type": "string",
            "example": "Web shop"
          },
          "columns": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/BoardColumn"
            }
          }
        }
      },
      "BoardColumn": {
        "type": "object",
        "description": "A column of a board.",
        "x-assumption": "The source speaks of \"a column of the todo workflow kind\" and shows no column fields. The contract names the column's `id`, `name` and `kind` (its workflow kind, such as `todo`; other kinds are not shown, so any string is allowed) and requires only `id`.",
        "required": [
          "id"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "name": {
            "type": "string",
            "example": "To do"
          },
          "kind": {
            "type": "string",
            "description": "The column's workflow kind; `todo` marks the column a QA session needs.",
            "example": "todo"
          }
        }
      },
      "CompanyListEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "companies"
            ],
            "properties": {
              "companies": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Company"
                }
              },
              "pagination": {
                "$ref": "#/components/schemas/Pagination"
              }
            }
          }
        }
      },
      "Task": {
        "type": "object",
        "description": "A task on a board.",
        "x-assumption": "The source does not show a task's fields. The contract requires `id` and `title`; `column_id`, `assignee_ids` and `case_report_id` (set on a task created by a bug outcome) are the contract's decision.",
        "required": [
          "id",
          "title"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/Id"
          },
          "title": {
            "type": "string",
            "example": "Bug: Pay with a saved card"
          },
          "description": {
            "type": "string",
            "example": "The page hangs on submit."
          },
          "board_id": {
            "$ref": "#/components/schemas/Id"
          },
          "column_id": {
            "$ref": "#/components/schemas/Id"
          },
          "assignee_ids": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Id"
            }
          },
          "case_report_id": {
            "type": [
              "integer",
              "null"
            ],
            "format": "int64",
            "minimum": 1,
            "maximum": 9007199254740991,
            "description": "The case report whose bug outcome created this task, if any."
          },
          "severity": {
            "type": [
              "string",
              "null"
            ],
            "description": "The severity of the bug outcome that created or last updated this task, if any.",
            "x-assumption": "The source says a bug outcome (with `severity` and `priority`) creates or updates a linked task and does not show a task's fields. The contract names optional `severity` and `priority` on the task, copied from the last bug outcome (null on other tasks).",
            "example": "major"
          },
          "priority": {
            "type": [
              "string",
              "null"
            ],
            "description": "The priority of the bug outcome that created or last updated this task, if any.",
            "example": "high"
          }
        }
      },
      "TaskListEnvelope": {
        "type": "object",
        "required": [
          "status",
          "data"
        ],
        "x-assumption": "The source gives `tasks` as an example of a collection name and does not show the response of `GET /task/list/`; that this list answers in `data.tasks` is the contract's reading.",
        "properties": {
          "status": {
            "$ref": "#/components/schemas/Success"
          },
          "data": {
            "type": "object",
            "required": [
              "tasks"
            ],
            "properties": {
              "tasks": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Task"
                }
              },
              "pagination": {
                "$ref": "#/components/schemas/Pagination"
              }
            }
          }
        }
      }
    },
    "headers": {
      "RetryAfter": {
        "description": "How many seconds to wait before sending the request again (RFC 9110 §10.2.3).",
        "x-assumption": "RFC 9110 allows a date or a number of seconds; the contract sends seconds, at most a day (86400). A server may leave the header out where waiting does not help (a storage quota makes room when data is deleted, not with time).",
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 0,
          "maximum": 86400
        },
        "example": 42
      }
    },
    "responses": {
      "Unauthorized": {
        "description": "The authorization header, the token's expiry or its state is wrong (missing, wrong scheme, inactive, expired or revoked).",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorPayload"
            },
            "example": {
              "status": "error",
              "message": "Authentication credentials were not provided or are not valid."
            }
          }
        }
      },
      "Forbidden": {
        "description": "The account lacks the role or the workspace/board access for this operation.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorPayload"
            },
            "example": {
              "status": "error",
              "message": "You do not have access to this board."
            }
          }
        }
      },
      "NotFound": {
        "description": "An identifier is wrong or out of scope, or the object is missing.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorPayload"
            },
            "example": {
              "status": "error",
              "message": "Not found."
            }
          }
        }
      },
      "UnexpectedError": {
        "description": "Any other failure (for example 405, 413, 415 or 5xx), with the same error payload.",
        "x-assumption": "The source shows no other statuses; the contract gives every other failure the shared error payload.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorPayload"
            },
            "example": {
              "status": "error",
              "message": "The server could not complete the request."
            }
          }
        }
      },
      "QuotaExceeded": {
        "description": "The data stored by this account, or by the whole server, has reached its\nquota: nothing was written. Delete some data and send the request again;\nreads and deletions keep working. `Retry-After`, when sent, says how many\nseconds to wait.\n",
        "x-assumption": "The source says \"Rate limits: not shown\". The contract lets a server bound what an account (and the server as a whole) stores: a write that would pass the quota answers 429 with the error payload naming `body` and changes nothing; reads and deletions are never refused for it. A server without such a quota never sends it, and the conformance suite asks for none.",
        "headers": {
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfter"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ErrorPayload"
            },
            "example": {
              "status": "error",
              "message": "This account's share of the server's storage is used up: delete some of its data; other accounts are not affected.",
              "errors": [
                {
                  "field": "body",
                  "message": "does not fit in the account's share of the storage"
                }
              ]
            }
          }
        }
      }
    },
    "examples": {
      "AuthorizationHeaderSent": {
        "summary": "An Authorization header was sent",
        "x-assumption": "The source says login, registration and refresh carry no Authorization header and does not say how a server answers one that does. The contract refuses the request with 400 naming `Authorization`, so that a client that leaks a credential there learns of it.",
        "description": "Login, registration and refresh carry no `Authorization` header (source §5, rule 4); one that comes with the request is refused, naming `Authorization`.",
        "value": {
          "status": "error",
          "message": "Validation failed: Authorization must not be sent: login, registration and refresh carry no Authorization header.",
          "errors": [
            {
              "field": "Authorization",
              "message": "must not be sent: login, registration and refresh carry no Authorization header"
            }
          ]
        }
      },
      "UsernameTaken": {
        "summary": "register: the username is taken",
        "value": {
          "status": "error",
          "message": "An account with this username or email already exists.",
          "errors": [
            {
              "field": "username",
              "message": "is already taken"
            }
          ]
        }
      },
      "EmailTaken": {
        "summary": "register: the e-mail address is taken",
        "value": {
          "status": "error",
          "message": "An account with this username or email already exists.",
          "errors": [
            {
              "field": "email",
              "message": "is already taken"
            }
          ]
        }
      },
      "EmptyEnvelope": {
        "summary": "Success without data",
        "value": {
          "status": "success"
        }
      },
      "MemberEnvelope": {
        "summary": "An account",
        "value": {
          "status": "success",
          "data": {
            "member": {
              "id": 1,
              "username": "demo",
              "email": "demo@example.com",
              "first_name": "Demo",
              "last_name": "Member",
              "description": "QA lead",
              "two_factor_enabled": false
            }
          }
        }
      },
      "RegisteredEnvelope": {
        "summary": "The account just registered",
        "value": {
          "status": "success",
          "data": {
            "member": {
              "id": 5,
              "username": "ada",
              "email": "ada@example.com",
              "first_name": "Ada",
              "last_name": "Lovelace",
              "description": "",
              "two_factor_enabled": false
            }
          }
        }
      },
      "TokenPairEnvelope": {
        "summary": "A token pair",
        "value": {
          "status": "success",
          "data": {
            "access_token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
            "refresh_token": "eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIn0.c2lnbmF0dXJl"
          }
        }
      },
      "ApiTokenEnvelope": {
        "summary": "A token",
        "value": {
          "status": "success",
          "data": {
            "token": {
              "key": "tok_5f2a9c",
              "title": "ci-bot",
              "is_active": false,
              "metadata": {
                "owner": "platform-team"
              },
              "expires_at": "2099-12-31T00:00:00Z",
              "created_at": "2026-11-22T10:00:00Z"
            }
          }
        }
      },
      "ApiTokenCreatedEnvelope": {
        "summary": "A new token with its secret",
        "value": {
          "status": "success",
          "data": {
            "token": {
              "key": "tok_5f2a9c",
              "title": "ci-bot",
              "is_active": true,
              "metadata": {
                "owner": "platform-team"
              },
              "expires_at": "2099-12-31T00:00:00Z",
              "created_at": "2026-11-22T10:00:00Z",
              "token": "tmk_live_9c1f0e7b2a4d4f6e8a0b1c2d3e4f5a6b"
            }
          }
        }
      },
      "ApiTokenListEnvelope": {
        "summary": "One page of tokens",
        "value": {
          "status": "success",
          "data": {
            "tokens": [
              {
                "key": "tok_5f2a9c",
                "title": "ci-bot",
                "is_active": true,
                "metadata": {},
                "expires_at": null,
                "created_at": "2026-11-22T10:00:00Z"
              }
            ],
            "pagination": {
              "page": 1,
              "limit": 20,
              "total": 1
            }
          }
        }
      },
      "ScenarioEnvelope": {
        "summary": "A scenario",
        "value": {
          "status": "success",
          "data": {
            "scenario": {
              "id": 1,
              "title": "Checkout",
              "parent_id": null,
              "position": 0,
              "board_id": 1
            }
          }
        }
      },
      "ScenarioListEnvelope": {
        "summary": "One page of scenarios",
        "value": {
          "status": "success",
          "data": {
            "scenarios": [
              {
                "id": 1,
                "title": "Checkout",
                "parent_id": null,
                "position": 0,
                "board_id": 1
              },
              {
                "id": 2,
                "title": "Card payment",
                "parent_id": 1,
                "position": 0,
                "board_id": 1
              }
            ],
            "pagination": {
              "page": 1,
              "limit": 20,
              "total": 2
            }
          }
        }
      },
      "CaseEnvelope": {
        "summary": "A test case",
        "value": {
          "status": "success",
          "data": {
            "case": {
              "id": 1,
              "scenario_id": 2,
              "title": "Pay with a saved card",
              "description": "The shopper pays with a card saved earlier.",
              "steps_to_reproduce": "1. Add an item. 2. Open checkout. 3. Pick the saved card.",
              "expected_result": "The order is confirmed."
            }
          }
        }
      },
      "CaseListEnvelope": {
        "summary": "A scenario's cases",
        "value": {
          "status": "success",
          "data": {
            "cases": [
              {
                "id": 1,
                "scenario_id": 2,
                "title": "Pay with a saved card",
                "description": "The shopper pays with a card saved earlier.",
                "steps_to_reproduce": "1. Add an item. 2. Open checkout. 3. Pick the saved card.",
                "expected_result": "The order is confirmed."
              }
            ]
          }
        }
      },
      "CaseReportEnvelope": {
        "summary": "A bug outcome with its linked task",
        "value": {
          "status": "success",
          "data": {
            "case_report": {
              "id": 1,
              "session_id": 1,
              "case_id": 1,
              "status": "bug",
              "actual_result": "The page hangs on submit.",
              "severity": "major",
              "priority": "high",
              "task_id": 7
            }
          }
        }
      },
      "SessionEnvelope": {
        "summary": "A started session",
        "value": {
          "status": "success",
          "data": {
            "session": {
              "id": 1,
              "scenario_id": 1,
              "board_id": 1,
              "title": "Checkout",
              "is_active": true,
              "started_at": "2026-11-22T10:00:00Z",
              "finished_at": null,
              "case_reports": [
                {
                  "id": 1,
                  "session_id": 1,
                  "case_id": 1,
                  "status": "pending",
                  "actual_result": null,
                  "severity": null,
                  "priority": null,
                  "task_id": null
                }
              ]
            }
          }
        }
      },
      "SessionFinishedEnvelope": {
        "summary": "A finished session",
        "value": {
          "status": "success",
          "data": {
            "session": {
              "id": 1,
              "scenario_id": 1,
              "board_id": 1,
              "title": "Checkout",
              "is_active": false,
              "started_at": "2026-11-22T10:00:00Z",
              "finished_at": "2026-11-22T10:30:00Z",
              "case_reports_total": 1,
              "case_reports": [
                {
                  "id": 1,
                  "session_id": 1,
                  "case_id": 1,
                  "status": "bug",
                  "actual_result": "The page hangs on submit.",
                  "severity": "major",
                  "priority": "high",
                  "task_id": 7
                }
              ]
            }
          }
        }
      },
      "SessionListEnvelope": {
        "summary": "One page of sessions",
        "value": {
          "status": "success",
          "data": {
            "sessions": [
              {
                "id": 1,
                "scenario_id": 1,
                "board_id": 1,
                "title": "Checkout",
                "is_active": true,
                "started_at": "2026-11-22T10:00:00Z",
                "finished_at": null,
                "case_reports_total": 1,
                "case_reports": [
                  {
                    "id": 1,
                    "session_id": 1,
                    "case_id": 1,
                    "status": "done",
                    "actual_result": null,
                    "severity": null,
                    "priority": null,
                    "task_id": null
                  }
                ]
              }
            ],
            "pagination": {
              "page": 1,
              "limit": 20,
              "total": 1
            }
          }
        }
      },
      "CompanyListEnvelope": {
        "summary": "The account's companies",
        "value": {
          "status": "success",
          "data": {
            "companies": [
              {
                "id": 1,
                "name": "Demo Company",
                "role": "qa",
                "boards": [
                  {
                    "id": 1,
                    "name": "Web shop",
                    "columns": [
                      {
                        "id": 1,
                        "name": "To do",
                        "kind": "todo"
                      },
                      {
                        "id": 2,
                        "name": "In progress",
                        "kind": "in_progress"
                      },
                      {
                        "id": 3,
                        "name": "Done",
                        "kind": "done"
                      }
                    ]
                  }
                ]
              }
            ]
          }
        }
      },
      "TaskListEnvelope": {
        "summary": "One page of tasks",
        "value": {
          "status": "success",
          "data": {
            "tasks": [
              {
                "id": 7,
                "title": "Bug: Pay with a saved card",
                "description": "The page hangs on submit.",
                "board_id": 1,
                "column_id": 1,
                "assignee_ids": [],
                "case_report_id": 1,
                "severity": "major",
                "priority": "high"
              }
            ],
            "pagination": {
              "page": 1,
              "limit": 20,
              "total": 1
            }
          }
        }
      }
    }
  }
};
