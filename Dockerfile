FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY polymem ./polymem
COPY bench ./bench
RUN pip install --no-cache-dir "torch==2.9.1" --index-url https://download.pytorch.org/whl/cpu \
 && pip install --no-cache-dir ".[models]"
ENV HF_HUB_OFFLINE=1
EXPOSE 8000
CMD ["polymem", "serve", "--host", "0.0.0.0", "--port", "8000"]
