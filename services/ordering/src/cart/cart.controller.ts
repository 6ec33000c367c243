import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AddToCartRequest,
  CartLine,
  CartLineRequest,
  CustomerRequest,
  OrderingPatterns,
  UpdateCartLineRequest,
} from '@bakery/contracts';
import { CartService } from './cart.service';

@Controller()
export class CartController {
  constructor(private readonly cart: CartService) {}

  @MessagePattern(OrderingPatterns.getCart)
  get(@Payload() req: CustomerRequest): Promise<CartLine[]> {
    return this.cart.get(req.customerId);
  }

  @MessagePattern(OrderingPatterns.cartCount)
  count(@Payload() req: CustomerRequest): Promise<{ count: number }> {
    return this.cart.count(req.customerId);
  }

  @MessagePattern(OrderingPatterns.addToCart)
  add(@Payload() req: AddToCartRequest): Promise<CartLine> {
    return this.cart.add(req);
  }

  @MessagePattern(OrderingPatterns.updateCartLine)
  update(@Payload() req: UpdateCartLineRequest): Promise<CartLine> {
    return this.cart.update(req);
  }

  @MessagePattern(OrderingPatterns.removeCartLine)
  remove(@Payload() req: CartLineRequest): Promise<{ id: string }> {
    return this.cart.remove(req.customerId, req.lineId);
  }
}
