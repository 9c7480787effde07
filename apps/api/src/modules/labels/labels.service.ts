import {
  type Labels,
  type LabelsQuery,
  labelAddress,
  locationLabelPath,
  materialCode,
  materialLabelPath,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import * as repo from './labels.repository';

/** The address a label encodes is the server's own (PUBLIC_URL), which a phone on site reaches. */
export async function readLabels(ctx: AppContext, query: LabelsQuery): Promise<Labels> {
  const typeIds = [...new Set(query.types ?? [])];
  const locationIds = [...new Set(query.locations ?? [])];
  const { types, places } = await repo.readLabelled(ctx.db, typeIds, locationIds);
  const typeOf = new Map(types.map((type) => [type.id, type]));
  const placeOf = new Map(places.map((place) => [place.id, place]));
  return {
    materials: typeIds.flatMap((id) => {
      const type = typeOf.get(id);
      if (!type) return [];
      const code = materialCode(type);
      return [{ ...type, code, address: labelAddress(ctx.publicUrl, materialLabelPath(code)) }];
    }),
    locations: locationIds.flatMap((id) => {
      const place = placeOf.get(id);
      if (!place) return [];
      return [{ ...place, address: labelAddress(ctx.publicUrl, locationLabelPath(id)) }];
    }),
  };
}
