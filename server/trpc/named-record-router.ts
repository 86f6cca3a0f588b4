import { ACCESS } from '../access/roles';
import type { TRPCBuiltRouter, TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import { z } from 'zod';
import type { NamedRecordService } from '../services/named-records/named-records';
import { accessProcedure, router, type RootTypes } from './init';

/** The zod contract of one kind of named record (server/contracts/{icps,product-groupings,call-instructions}.ts). */
export interface NamedRecordContract<
  Fields extends z.ZodObject = z.ZodObject,
  Update extends z.ZodObject = z.ZodObject,
  Output extends z.ZodObject = z.ZodObject,
> {
  fields: Fields;
  id: z.ZodObject<{ id: z.ZodUUID }>;
  update: Update;
  output: Output;
  deleted: z.ZodObject<{ id: z.ZodString }>;
}

type ClientScoped = { clientId?: string | undefined };
type Def<I, O> = { input: I; output: O; meta: object };
type IdInput = ClientScoped & { id: string };

/** The router's type, spelled out from the contract (the builder cannot infer it through generics). */
export type NamedRecordRouter<
  Fields extends z.ZodObject,
  Update extends z.ZodObject,
  Output extends z.ZodObject,
> = TRPCBuiltRouter<
  RootTypes,
  {
    list: TRPCQueryProcedure<Def<ClientScoped | void, z.output<Output>[]>>;
    get: TRPCQueryProcedure<Def<IdInput, z.output<Output>>>;
    create: TRPCMutationProcedure<Def<ClientScoped & z.input<Fields>, z.output<Output>>>;
    update: TRPCMutationProcedure<Def<ClientScoped & z.input<Update>, z.output<Output>>>;
    delete: TRPCMutationProcedure<Def<IdInput, { id: string }>>;
  }
>;

type Fields = Record<string, string>;

function build(service: NamedRecordService<Fields>, contract: NamedRecordContract) {
  const readers = () => accessProcedure({ roles: ACCESS.managers, clientScoped: true });
  const writers = () => accessProcedure({ roles: ACCESS.admins, clientScoped: true });
  const fieldsOf = (input: Record<string, unknown>) => input as Fields;
  return router({
    list: readers()
      .output(z.array(contract.output))
      .query(({ ctx }) => ctx.tenant((tx) => service.list(tx, ctx.tenantId))),

    get: readers()
      .input(contract.id)
      .output(contract.output)
      .query(({ ctx, input }) => ctx.tenant((tx) => service.get(tx, ctx.tenantId, input.id))),

    create: writers()
      .input(contract.fields)
      .output(contract.output)
      .mutation(({ ctx, input }) => ctx.tenant((tx) => service.create(tx, ctx.tenantId, fieldsOf(input)))),

    update: writers()
      .input(contract.update)
      .output(contract.output)
      .mutation(({ ctx, input }) =>
        ctx.tenant((tx) => service.update(tx, ctx.tenantId, String(input.id), fieldsOf(input))),
      ),

    delete: writers()
      .input(contract.id)
      .output(contract.deleted)
      .mutation(({ ctx, input }) => ctx.tenant((tx) => service.remove(tx, ctx.tenantId, input.id))),
  });
}

/**
 * list/get/create/update/delete of one kind of named record (ICPs, product groupings, call
 * instructions). The admin area edits the tenant's configuration, which is the admin's; managers
 * read it for the simulation wizard. A superuser may name a client (clientId); their writes there
 * are audited, as on every client-scoped procedure.
 */
export function namedRecordRouter<F extends z.ZodObject, U extends z.ZodObject, O extends z.ZodObject>(
  service: NamedRecordService<z.output<F> & Fields>,
  contract: NamedRecordContract<F, U, O>,
): NamedRecordRouter<F, U, O> {
  return build(service as unknown as NamedRecordService<Fields>, contract) as unknown as NamedRecordRouter<F, U, O>;
}
