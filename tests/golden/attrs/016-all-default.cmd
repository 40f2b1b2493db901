attrs
