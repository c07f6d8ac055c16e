// The Postman Collection v2.1 shapes the docs' collection is written in (schema.getpostman.com), as far as it uses
// them.

/** A Postman v2.1 collection, as far as this build writes one. */
export interface PostmanCollection {
  info: { name: string; version?: string; description: string; schema: string };
  auth: PostmanAuth;
  variable: { key: string; value: string; type: 'string'; description: string }[];
  item: PostmanFolder[];
}

export interface PostmanFolder {
  name: string;
  description: string;
  item: PostmanItem[];
}

export interface PostmanItem {
  name: string;
  event: { listen: 'prerequest' | 'test'; script: { type: 'text/javascript'; exec: string[] } }[];
  request: {
    method: string;
    description: string;
    auth: PostmanAuth;
    header: { key: string; value: string }[];
    body?: { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } };
    url: {
      raw: string;
      host: string[];
      path: string[];
      query?: { key: string; value: string; disabled?: boolean; description?: string }[];
    };
  };
  response: [];
}

export type PostmanAuth =
  | { type: 'noauth' }
  | { type: 'bearer'; bearer: { key: string; value: string; type: 'string' }[] }
  | { type: 'apikey'; apikey: { key: string; value: string; type: 'string' }[] };
