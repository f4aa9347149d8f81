import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CreateProductUseCase, DeleteProductUseCase, GetProductUseCase, ListProductsUseCase, MAX_PRODUCTS_PER_APP, Principal, UpdateProductUseCase,
} from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { BoundedOffsetPageQuery } from '../challenge/input-rules';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { DEFAULT_LIMIT, OffsetPageOf, offsetPage } from '../shared/offset-page';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { withLoyaltyFieldErrors } from './loyalty-field-errors';
import { ProductBody, ProductPatchBody, ProductView } from './product.dto';
import { presentProduct, toProductChanges, toProductFields } from './product.presenter';

const ProductList = OffsetPageOf(ProductView, 'ProductList');
const Id = () => ApiParam({ name: 'id', format: 'uuid', description: 'The product id.' });

/** The app's loyalty catalogue, managed by its administrator. */
@ApiTags('Loyalty')
@Controller('app/products')
export class ProductController {
  constructor(
    private readonly listProducts: ListProductsUseCase,
    private readonly getProduct: GetProductUseCase,
    private readonly createProduct: CreateProductUseCase,
    private readonly updateProduct: UpdateProductUseCase,
    private readonly deleteProduct: DeleteProductUseCase,
  ) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ operationId: 'app_products_list', summary: "List the app's loyalty products, oldest first" })
  @ApiOkResponse({ type: ProductList })
  @ApiProblemResponses(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: BoundedOffsetPageQuery, @RequestUrl() url: ApiUrl) {
    const page = await this.listProducts.execute({ appId: principal.appId, limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 });
    return offsetPage(url, query, page.count, page.items.map((p) => presentProduct(p, url)));
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ operationId: 'app_products_create', summary: `Add a product to the catalogue (at most ${MAX_PRODUCTS_PER_APP} per app)` })
  @ApiCreatedResponse({ type: ProductView })
  @ApiProblemResponses(400, 409)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: ProductBody, @RequestUrl() url: ApiUrl): Promise<ProductView> {
    const product = await withLoyaltyFieldErrors(() => this.createProduct.execute({ appId: principal.appId, fields: toProductFields(body) }));
    return presentProduct(product, url);
  }

  @Get(':id')
  @Auth('admin')
  @Id()
  @ApiOperation({ operationId: 'app_products_read', summary: 'Read a product' })
  @ApiOkResponse({ type: ProductView })
  @ApiProblemResponses(400, 404)
  async read(@CurrentPrincipal() principal: Principal, @Param('id', UuidParamPipe) id: string, @RequestUrl() url: ApiUrl): Promise<ProductView> {
    return presentProduct(await this.getProduct.execute({ appId: principal.appId, id }), url);
  }

  @Patch(':id')
  @Auth('admin')
  @Id()
  @ApiOperation({ operationId: 'app_products_partial_update', summary: 'Change the fields sent (rules: the rule fields sent)' })
  @ApiOkResponse({ type: ProductView })
  @ApiProblemResponses(400, 404)
  async patch(
    @CurrentPrincipal() principal: Principal, @Param('id', UuidParamPipe) id: string, @Body() body: ProductPatchBody, @RequestUrl() url: ApiUrl,
  ): Promise<ProductView> {
    const product = await withLoyaltyFieldErrors(() => this.updateProduct.execute({ appId: principal.appId, id, changes: toProductChanges(body) }));
    return presentProduct(product, url);
  }

  @Delete(':id')
  @Auth('admin')
  @Id()
  @HttpCode(204)
  @ApiOperation({ operationId: 'app_products_delete', summary: 'Delete a product' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async remove(@CurrentPrincipal() principal: Principal, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.deleteProduct.execute({ appId: principal.appId, id });
  }
}
