// Choice servers that answer what an account may not reach their own way (docs/conformance.md, "What the suite does
// not assume"; source §7): 404 for every 403, or 403 for an object that exists out of reach.
import { isObject } from '../../../../contract/json.js';
import { apiRequest, jsonOf, parse, reply } from '../wrap.js';
import { boardQuery, dataIn } from './answers.js';
import type { Choice } from './choice.js';

/** Every 403 answered as 404: what the account may not reach is, to it, not there (source §7: "out of scope"). */
export const outOfScopeAs404: Choice = {
  departs: [],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return res.status === 403 ? reply(404, { status: 'error', message: 'Not found.' }) : res;
  },
};

/**
 * An object that exists, addressed by an account or through a board it is not in, gets 403, not 404 (source §7: 403
 * "lacks the workspace/board access"). The server looks the object up as its creator, on its own board.
 */
export const othersObjectsAs403: Choice = {
  departs: [],
  wrap: (inner) => {
    const homes = new Map<string, { board: string; authorization: string }>();
    const forbidden = () => reply(403, { status: 'error', message: 'You have no access to this object.' });
    return async (req) => {
      const { operationId, query } = await parse(req);
      const res = await inner(req);
      const authorization = req.headers.get('authorization') ?? '';
      const data = dataIn(await jsonOf(res));
      if (res.ok && data) {
        if (operationId === 'createScenario' && isObject(data.scenario)) {
          homes.set(`scenario_id:${data.scenario.id}`, { board: boardQuery(query), authorization });
        }
        if (operationId === 'createCase' && isObject(data.case)) {
          homes.set(`case_id:${data.case.id}`, { board: boardQuery(query), authorization });
        }
      }
      // A list's 404 (a page past the last one, another choice) is no object out of reach.
      if (res.status !== 404 || operationId?.startsWith('list')) return res;
      for (const [name, path] of [
        ['scenario_id', '/features/qa/scenarios/'],
        ['case_id', '/features/qa/cases/'],
      ] as const) {
        const id = query.get(name);
        const home = id === null ? undefined : homes.get(`${name}:${id}`);
        if (!home) continue;
        const seen = await inner(
          apiRequest(req, 'GET', `${path}?${home.board}&${name}=${id}`, undefined, {
            authorization: home.authorization,
          }),
        );
        if (seen.ok) return forbidden();
      }
      return res;
    };
  },
};
