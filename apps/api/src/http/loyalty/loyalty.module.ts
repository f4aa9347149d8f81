import { Module } from '@nestjs/common';
import {
  CreateProductUseCase, DeleteProductUseCase, GetProductUseCase, GetRecommendedProductsUseCase, GetShoppingCartLinkUseCase,
  GetShopTemplateUseCase, ListProductsUseCase, SetShopTemplateUseCase, UpdateProductUseCase,
} from '@strive/domain';
import { IdentityModule } from '../../identity/identity.module';
import { useCaseProvider } from '../../system/use-case-provider';
import {
  ACTIVITY_REPOSITORY, CHALLENGE_REPOSITORY, CLOCK, ID_GENERATOR, MEMBERSHIP_REPOSITORY, PRODUCT_REPOSITORY, PROFILE_REPOSITORY, SCORE_REPOSITORY,
  SHOP_SETTINGS_REPOSITORY,
} from '../../system/tokens';
import { LoyaltyController } from './loyalty.controller';
import { ProductController } from './product.controller';
import { ShopController } from './shop.controller';

/** Loyalty (issue 13): the product catalogue, the shop template, recommendations and cart links. */
@Module({
  imports: [IdentityModule],
  controllers: [ProductController, ShopController, LoyaltyController],
  providers: [
    useCaseProvider(ListProductsUseCase, PRODUCT_REPOSITORY),
    useCaseProvider(GetProductUseCase, PRODUCT_REPOSITORY),
    useCaseProvider(CreateProductUseCase, PRODUCT_REPOSITORY, CHALLENGE_REPOSITORY, ID_GENERATOR, CLOCK),
    useCaseProvider(UpdateProductUseCase, PRODUCT_REPOSITORY, CHALLENGE_REPOSITORY),
    useCaseProvider(DeleteProductUseCase, PRODUCT_REPOSITORY),
    useCaseProvider(GetShopTemplateUseCase, SHOP_SETTINGS_REPOSITORY),
    useCaseProvider(SetShopTemplateUseCase, SHOP_SETTINGS_REPOSITORY),
    useCaseProvider(GetRecommendedProductsUseCase, PROFILE_REPOSITORY, PRODUCT_REPOSITORY, ACTIVITY_REPOSITORY, MEMBERSHIP_REPOSITORY, SCORE_REPOSITORY, CLOCK),
    useCaseProvider(GetShoppingCartLinkUseCase, SHOP_SETTINGS_REPOSITORY, GetRecommendedProductsUseCase),
  ],
})
export class LoyaltyModule {}
