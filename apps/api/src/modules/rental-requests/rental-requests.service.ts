import {
  type CreateRentalRequestInput,
  labelOf,
  RENTAL_REQUEST_MESSAGES as M,
  type RentalRequestDecision,
  type RentalRequestDto,
  type RentalRequestListQuery,
  type RentalRequestSummaryDto,
  type RequestableMaterial,
  type RequestableMaterialsQuery,
  type SessionUser,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { checkExportSize, EXPORT_CHUNK, inChunks } from '../../lib/list-export';
import { assertReadable, assertWritable, listScope } from '../../lib/location-scope';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { paginate } from '../../lib/reply';
import { inTransaction } from '../../lib/transaction';
import { recordActivity } from '../activity/activity.service';
import { queueEmail } from '../email-outbox/email-outbox.service';
import { holdLocation } from '../locations/locations.service';
import { notify } from '../notifications/notify';
import * as repo from './rental-requests.repository';

function toSummary({
  request,
  location,
  requester,
  itemCount,
}: repo.ListedRequest): RentalRequestSummaryDto {
  return {
    id: request.id,
    requestedById: request.requestedById,
    requestedBy: {
      id: requester.id,
      name: requester.name,
      email: requester.email,
      location:
        requester.locationId === null
          ? null
          : { id: requester.locationId, name: requester.locationName ?? '' },
    },
    locationId: request.locationId,
    location: { name: location.name, address: location.address },
    requestedDate: request.requestedDate,
    returnDate: request.returnDate,
    notes: request.notes,
    status: request.status,
    itemCount,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

function toDetail(found: repo.FoundRequest): RentalRequestDto {
  const { request, items, approvedBy, rentals } = found;
  return {
    ...toSummary({ ...found, itemCount: items.length }),
    items: items.map((item) => ({
      id: item.id,
      materialId: item.materialId,
      sourceLocationId: item.sourceLocationId,
      sourceLocation: item.source,
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
    })),
    approvedById: request.approvedById,
    approvedBy,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionNotes: request.decisionNotes,
    rentals,
  };
}

/**
 * A request as its detail shows it, read by the detail's named statement. A write answers with it
 * once it has committed: read inside the write's transaction, the same join was planned at every
 * call, about as long as the write itself.
 */
async function readDetail(ctx: AppContext, id: number): Promise<RentalRequestDto> {
  const found = await repo.readRequest(ctx.db, id);
  // Removed by another request between the commit and this read.
  if (!found) throw notFound(M.notFound);
  return toDetail(found);
}

export async function listRequests(
  ctx: AppContext,
  user: SessionUser,
  query: RentalRequestListQuery,
) {
  // A field manager's list is their location's, whatever they ask.
  const locationId = listScope(user, undefined);
  const { rows, total } = await repo.listRequests(
    ctx.db,
    { locationId, status: query.status, search: query.search },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { items: rows.map(toSummary), pagination: paginate(total, query.page, query.limit) };
}

/**
 * Every request the list's filters select, every page, newest first (the export), scoped as the
 * list: the list's total is checked against the export's cap before anything is written.
 */
export async function exportRequests(
  ctx: AppContext,
  user: SessionUser,
  filters: Omit<RentalRequestListQuery, 'page' | 'limit'>,
): Promise<AsyncGenerator<RentalRequestSummaryDto>> {
  const locationId = listScope(user, undefined);
  const scoped = { locationId, status: filters.status, search: filters.search };
  const { total } = await repo.listRequests(ctx.db, scoped, { limit: 1, offset: 0 });
  checkExportSize(total);
  return summaries(
    inChunks((after: repo.ListedRequest | null) =>
      repo.requestsAfter(ctx.db, scoped, after?.request.id ?? null, EXPORT_CHUNK),
    ),
  );
}

async function* summaries(rows: AsyncIterable<repo.ListedRequest>) {
  for await (const row of rows) yield toSummary(row);
}

/** One request; another location's is 404 to a field manager. */
export async function getRequest(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<RentalRequestDto> {
  // Read together: the rentals are shown only once the request is found and readable.
  const detail = await readDetail(ctx, id);
  assertReadable(user, detail.locationId, M.notFound);
  return detail;
}

/** The bulk form's picker: every active location's stock, whoever asks (PRODUCT-DECISIONS). */
export async function requestableMaterials(
  ctx: AppContext,
  query: RequestableMaterialsQuery,
): Promise<RequestableMaterial[]> {
  return repo.listRequestableMaterials(ctx.db, query.search);
}

/** The request's location and materials, from either form; what the client says of a material is checked. */
async function resolve(db: DbExecutor, input: CreateRentalRequestInput) {
  const field = input.kind === 'bulk' ? 'locationId' : 'location';
  const locationId = input.kind === 'bulk' ? input.locationId : input.location;
  const { id, name, address } = await holdLocation(db, locationId, () =>
    badRequest(M.locationInvalid, [{ path: field, message: M.locationInvalid }]),
  );
  const location = { id, name, address };
  if (input.kind === 'single') {
    return {
      location,
      request: {
        requestedDate: input.requestedDate,
        returnDate: input.returnDate,
        notes: input.notes ?? null,
      },
      items: [
        {
          materialId: null,
          sourceLocationId: null,
          name: input.name,
          description: input.description ?? null,
          quantity: input.quantity,
          unit: input.unit.toUpperCase(),
        },
      ],
    };
  }
  // Any active location's stock may be asked for; the item remembers where it is asked from.
  const found = await repo.findRequestableMaterials(db, [
    ...new Set(input.items.map((i) => i.materialId)),
  ]);
  const byId = new Map(found.map((m) => [m.id, m]));
  const errors = input.items.flatMap((item, index) =>
    byId.has(item.materialId)
      ? []
      : [{ path: `items.${index}.materialId`, message: M.materialNotRequestable }],
  );
  if (errors.length > 0) throw badRequest(M.materialNotRequestable, errors);
  return {
    location,
    request: {
      requestedDate: input.requestedDate,
      returnDate: input.returnDate ?? null,
      notes: input.notes ?? null,
    },
    // The material's own name and unit: the inventory's, not what the client sent.
    items: input.items.map((item) => {
      const material = byId.get(item.materialId)!;
      return {
        materialId: material.id,
        sourceLocationId: material.locationId,
        name: material.name,
        description: item.description ?? null,
        quantity: item.quantity,
        unit: material.unit,
      };
    }),
  };
}

/** A request of the signed-in user, at their own location if they are a field manager (403 otherwise). */
export async function createRequest(
  ctx: AppContext,
  actor: Actor,
  input: CreateRentalRequestInput,
): Promise<RentalRequestDto> {
  assertWritable(actor.user, input.kind === 'bulk' ? input.locationId : input.location);
  try {
    return await insertRequest(ctx, actor, input);
  } catch (error) {
    // The location was deleted while the request was written: a race lost, not a server error.
    if (isForeignKeyViolation(error)) {
      const field = input.kind === 'bulk' ? 'locationId' : 'location';
      throw badRequest(M.locationInvalid, [{ path: field, message: M.locationInvalid }]);
    }
    throw error;
  }
}

async function insertRequest(ctx: AppContext, actor: Actor, input: CreateRentalRequestInput) {
  const written = await inTransaction(ctx, async (uow) => {
    const { location, request, items } = await resolve(uow.tx, input);
    const row = await repo.insertRequest(
      uow.tx,
      { ...request, locationId: location.id, requestedById: actor.user.id },
      items,
    );
    const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
    const what =
      items.length === 1
        ? `${items[0]!.quantity} ${labelOf(items[0]!.unit)} of ${items[0]!.name}`
        : `${items.length} materials (${quantity} units)`;
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: 'CREATE_RENTAL_REQUEST',
      description: `Requested ${what} for ${location.name}`,
      entityType: 'rental_request',
      entityId: String(row.id),
      locationId: location.id,
      details: { form: input.kind, ...request, items },
      ip: actor.ip,
    });
    await notify(ctx, uow, {
      type: 'NEW_MATERIAL_REQUEST',
      message: `New material request #${row.id} from ${actor.user.name}: ${what} for ${location.name}`,
      locationId: location.id,
      actorId: actor.user.id,
      data: { rentalRequestId: row.id },
    });
    // The confirmation e-mail of 02 section 8 ("request submitted"), to the requester.
    await queueEmail(ctx, uow, {
      userId: actor.user.id,
      to: actor.user.email,
      subject: `Stockyard: material request #${row.id} received`,
      body: `Hello ${actor.user.name},\n\nYour material request #${row.id} (${what} for ${location.name}) was submitted and is pending approval. You will be told when an admin approves or rejects it.\n`,
    });
    return row.id;
  });
  return readDetail(ctx, written);
}

/**
 * Approves or rejects a pending request, once: of many decisions at once exactly one is taken (a
 * conditional UPDATE); the others, and any later one, are 409. The requester is told.
 */
export async function decideRequest(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: RentalRequestDecision,
  notes: string,
): Promise<RentalRequestDto> {
  const written = await inTransaction(ctx, async (uow) => {
    const row = await repo.decideRequest(uow.tx, id, {
      status,
      approvedById: actor.user.id,
      notes,
    });
    if (!row) {
      const existing = await repo.findRequest(uow.tx, id);
      if (!existing) throw notFound(M.notFound);
      throw conflict(
        M.alreadyDecided(existing.request.status === 'APPROVED' ? 'APPROVED' : 'REJECTED'),
      );
    }
    const verb = status === 'APPROVED' ? 'Approved' : 'Rejected';
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: status === 'APPROVED' ? 'APPROVE_RENTAL_REQUEST' : 'REJECT_RENTAL_REQUEST',
      description: `${verb} rental request #${id}`,
      entityType: 'rental_request',
      entityId: String(id),
      locationId: row.locationId,
      details: { status, notes },
      ip: actor.ip,
    });
    await notify(ctx, uow, {
      type: 'MATERIAL_REQUEST_DECIDED',
      message: `Your material request #${id} was ${status === 'APPROVED' ? 'approved' : 'rejected'}: ${notes}`,
      locationId: row.locationId,
      recipientIds: [row.requestedById],
      actorId: actor.user.id,
      data: { rentalRequestId: id, status },
    });
    return id;
  });
  return readDetail(ctx, written);
}

/** The notes of a decided request, edited later by an admin; a pending request's are 409. */
export async function updateNotes(
  ctx: AppContext,
  actor: Actor,
  id: number,
  notes: string,
): Promise<RentalRequestDto> {
  const written = await inTransaction(ctx, async (uow) => {
    const changed = await repo.updateDecisionNotes(uow.tx, id, notes);
    if (!changed) {
      if (!(await repo.findRequest(uow.tx, id))) throw notFound(M.notFound);
      throw conflict(M.notesOfPending);
    }
    await recordActivity(uow.tx, {
      userId: actor.user.id,
      action: 'UPDATE_RENTAL_REQUEST_NOTES',
      description: `Edited the notes of rental request #${id}`,
      entityType: 'rental_request',
      entityId: String(id),
      locationId: changed.row.locationId,
      details: { before: changed.before, after: notes },
      ip: actor.ip,
    });
    return id;
  });
  return readDetail(ctx, written);
}
